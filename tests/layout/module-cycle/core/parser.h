int parse(int x);
