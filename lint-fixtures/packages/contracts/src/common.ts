export const ID_MAX = 2147483647;
