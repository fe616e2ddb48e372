int load(void);
