int tool(void);
