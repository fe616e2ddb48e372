int count(void);
int twice(int x);
