export const format = (n: number) => n.toFixed(1);
