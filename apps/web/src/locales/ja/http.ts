import type { Translation } from "../define-messages";
import type { messages as en } from "../en/http";

export const messages: Translation<typeof en> = {
  requestFailed: "リクエストを送信できませんでした。しばらくしてからもう一度お試しください。",
  userRequestTimeout: "ユーザー情報の取得がタイムアウトしました",
  userDataFailed: "ユーザーデータを取得できませんでした",
};
