export const Other = 1;
