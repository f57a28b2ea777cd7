export const protocol = "v1";
