import { defineMessages } from "./define-messages";

/** Words many screens share. */
export const messages = defineMessages(
  {
    cancel: "Cancel",
    confirm: "Confirm",
    close: "Close",
    save: "Save",
    retry: "Try again",
    loading: "Loading…",
    company: "Company",
    signOutFailed: "Could not sign out",
  },
  {
    no: {
      cancel: "Avbryt",
      confirm: "Bekreft",
      close: "Lukk",
      save: "Lagre",
      retry: "Prøv igjen",
      loading: "Laster…",
      company: "Selskap",
      signOutFailed: "Kunne ikke logge ut",
    },
    ja: {
      cancel: "キャンセル",
      confirm: "確認",
      close: "閉じる",
      save: "保存",
      retry: "再試行",
      loading: "読み込み中…",
      company: "会社",
      signOutFailed: "ログアウトできませんでした",
    },
    uk: {
      cancel: "Скасувати",
      confirm: "Підтвердити",
      close: "Закрити",
      save: "Зберегти",
      retry: "Спробувати знову",
      loading: "Завантаження…",
      company: "Компанія",
      signOutFailed: "Не вдалося вийти",
    },
  },
);
