export const list = [1, 2, 3];
