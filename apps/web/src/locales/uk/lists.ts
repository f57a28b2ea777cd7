import type { Translation } from "../define-messages";
import type { messages as en } from "../en/lists";

export const messages: Translation<typeof en> = {
  clearSearch: "Очистити пошук",
  retry: "Спробувати знову",
  range: "{{from}}–{{to}} з {{total}}",
  previousPage: "Попередня сторінка",
  nextPage: "Наступна сторінка",
  page: "Сторінка {{page}}",
  emptyPage: "Ця сторінка порожня",
  firstPage: "На першу сторінку",
  pageSize: "Рядків на сторінці",
};
