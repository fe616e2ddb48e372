/* Declares an entry point plan/plan_check.c defines. */
int check_target(void);
int check_c_names(void);
