export const region = "eu-west-1";
