export const name = "dev";
