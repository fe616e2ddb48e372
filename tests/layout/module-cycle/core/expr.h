int expr_eval(int x);
