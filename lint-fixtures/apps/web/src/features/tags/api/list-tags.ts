export const listTags = () => ["north"];
