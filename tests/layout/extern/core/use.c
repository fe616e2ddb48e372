int twice(int x);
static int use(void)
{
    extern int count(void);
    return twice(count());
}
