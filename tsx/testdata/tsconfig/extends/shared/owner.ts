export const owner = "platform";
