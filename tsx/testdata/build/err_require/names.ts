export const first = "a";
