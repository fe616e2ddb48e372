int check_target(void);
