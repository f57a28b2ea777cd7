import { defineMessages } from "./define-messages";

/** Help side panel texts, keyed by route name (shell §2 Layout). */
export const messages = defineMessages(
  {
    "management.devices":
      "Every device of your company and its subsidiaries. Search by name, serial number or MAC address, sort by any column, and open a device to see its activity, location and metrics.",
    "reports.single":
      "Single reports are generated once for the devices and period you choose. Generated reports stay listed here until they are deleted.",
    "reports.periodic.day":
      "Daily reports are generated every day for the chosen devices and sent to the recipients you list.",
    "reports.periodic.week":
      "Weekly reports are generated every week for the chosen devices and sent to the recipients you list.",
    "reports.periodic.month":
      "Monthly reports are generated every month for the chosen devices and sent to the recipients you list.",
    "statistics.connection-manager":
      "Connection manager statistics show how devices connect to the server: sessions, reconnects and failures over time.",
    "services.credit-codes":
      "Codes transfer resources between companies. Create a code to give resources away, or activate a code you received.",
    "services.credit-history":
      "Every change of your company's resources: purchases, transfers, activated codes and what devices used.",
    "services.data-overview": "How much company data is left and how it was used by your devices.",
    "services.data-history": "Company data purchases and their history.",
    "users.table":
      "Users of your company and its subsidiaries. A user's role decides what they may see and change.",
    "users.impersonation-logs":
      "Every time an operator acted as another user: who, as whom, when it started and when it ended. A user must grant access first.",
    "tags.main": "Tags group devices so that you can filter, report on and act on them together.",
    "account.settings":
      "Your profile, the personal access tokens your scripts use, and whether support may act as you.",
    moreHelp: "Read more in the documentation",
  },
  {
    no: {
      "management.devices":
        "Alle enheter i selskapet ditt og datterselskapene. Søk etter navn, serienummer eller MAC-adresse, sorter etter hvilken som helst kolonne, og åpne en enhet for å se aktivitet, plassering og metrikker.",
      "reports.single":
        "Enkeltrapporter genereres én gang for enhetene og perioden du velger. Genererte rapporter blir liggende her til de slettes.",
      "reports.periodic.day":
        "Daglige rapporter genereres hver dag for de valgte enhetene og sendes til mottakerne du oppgir.",
      "reports.periodic.week":
        "Ukentlige rapporter genereres hver uke for de valgte enhetene og sendes til mottakerne du oppgir.",
      "reports.periodic.month":
        "Månedlige rapporter genereres hver måned for de valgte enhetene og sendes til mottakerne du oppgir.",
      "statistics.connection-manager":
        "Statistikken for tilkoblingsbehandleren viser hvordan enhetene kobler til serveren: økter, gjentilkoblinger og feil over tid.",
      "services.credit-codes":
        "Koder overfører ressurser mellom selskaper. Opprett en kode for å gi bort ressurser, eller aktiver en kode du har mottatt.",
      "services.credit-history":
        "Alle endringer i selskapets ressurser: kjøp, overføringer, aktiverte koder og hva enhetene har brukt.",
      "services.data-overview":
        "Hvor mye data selskapet har igjen, og hvordan enhetene dine har brukt dataene.",
      "services.data-history": "Selskapets datakjøp og historikken deres.",
      "users.table":
        "Brukere i selskapet ditt og datterselskapene. Rollen til en bruker avgjør hva vedkommende kan se og endre.",
      "users.impersonation-logs":
        "Hver gang en operatør har opptrådt som en annen bruker: hvem, som hvem, når det startet og når det ble avsluttet. Brukeren må først gi tilgang.",
      "tags.main":
        "Tagger grupperer enheter slik at du kan filtrere, lage rapporter og utføre handlinger på dem samlet.",
      "account.settings":
        "Profilen din, de personlige tilgangstokenene som skriptene dine bruker, og om kundestøtte kan opptre som deg.",
      moreHelp: "Les mer i dokumentasjonen",
    },
    ja: {
      "management.devices":
        "自社および子会社のすべてのデバイスです。名前、シリアル番号、MACアドレスで検索し、任意の列で並べ替えできます。デバイスを開くと、アクティビティ、位置情報、メトリクスを確認できます。",
      "reports.single":
        "単発レポートは、選択したデバイスと期間を対象に一度だけ生成されます。生成されたレポートは、削除されるまでここに表示されます。",
      "reports.periodic.day":
        "日次レポートは、選択したデバイスを対象に毎日生成され、指定した受信者に送信されます。",
      "reports.periodic.week":
        "週次レポートは、選択したデバイスを対象に毎週生成され、指定した受信者に送信されます。",
      "reports.periodic.month":
        "月次レポートは、選択したデバイスを対象に毎月生成され、指定した受信者に送信されます。",
      "statistics.connection-manager":
        "接続マネージャーの統計では、デバイスがサーバーにどのように接続しているかを、セッション、再接続、接続失敗の推移で確認できます。",
      "services.credit-codes":
        "コードを使うと、会社間でリソースを移転できます。リソースを譲渡するにはコードを作成し、受け取ったコードは有効化してください。",
      "services.credit-history":
        "自社リソースのすべての変動です。購入、移転、有効化したコード、デバイスによる使用量を確認できます。",
      "services.data-overview": "会社のデータ残量と、デバイスによるデータの使用状況です。",
      "services.data-history": "会社のデータ購入とその履歴です。",
      "users.table":
        "自社および子会社のユーザーです。ユーザーのロールによって、閲覧・変更できる範囲が決まります。",
      "users.impersonation-logs":
        "オペレーターが別のユーザーとして代理ログインしたすべての記録です。誰が、どのユーザーとして、いつ開始し、いつ終了したかを確認できます。代理ログインには、事前にユーザーによるアクセス許可が必要です。",
      "tags.main":
        "タグでデバイスをグループ化すると、まとめて絞り込み、レポート作成、操作を行えます。",
      "account.settings":
        "プロフィール、スクリプトで使用する個人用アクセストークン、サポート担当者による代理ログインを許可するかどうかを設定します。",
      moreHelp: "詳しくはドキュメントをご覧ください",
    },
    uk: {
      "management.devices":
        "Усі пристрої вашої компанії та її дочірніх компаній. Шукайте за назвою, серійним номером або MAC-адресою, сортуйте за будь-яким стовпцем і відкрийте пристрій, щоб переглянути його активність, розташування та метрики.",
      "reports.single":
        "Разові звіти створюються один раз для вибраних вами пристроїв і періоду. Створені звіти залишаються в цьому списку, доки їх не буде видалено.",
      "reports.periodic.day":
        "Щоденні звіти створюються щодня для вибраних пристроїв і надсилаються вказаним вами одержувачам.",
      "reports.periodic.week":
        "Щотижневі звіти створюються щотижня для вибраних пристроїв і надсилаються вказаним вами одержувачам.",
      "reports.periodic.month":
        "Щомісячні звіти створюються щомісяця для вибраних пристроїв і надсилаються вказаним вами одержувачам.",
      "statistics.connection-manager":
        "Статистика менеджера підключень показує, як пристрої підключаються до сервера: сеанси, повторні підключення та збої з плином часу.",
      "services.credit-codes":
        "Коди дають змогу передавати ресурси між компаніями. Створіть код, щоб передати ресурси, або активуйте отриманий код.",
      "services.credit-history":
        "Усі зміни ресурсів вашої компанії: покупки, передавання, активовані коди та використання пристроями.",
      "services.data-overview":
        "Скільки даних компанії залишилося і як їх використали ваші пристрої.",
      "services.data-history": "Покупки даних компанії та їхня історія.",
      "users.table":
        "Користувачі вашої компанії та її дочірніх компаній. Роль користувача визначає, що він може переглядати та змінювати.",
      "users.impersonation-logs":
        "Кожен випадок, коли оператор діяв від імені іншого користувача: хто, від чийого імені, коли це почалося і коли завершилося. Спершу користувач має надати доступ.",
      "tags.main":
        "Теги групують пристрої, щоб ви могли разом фільтрувати їх, створювати за ними звіти та виконувати з ними дії.",
      "account.settings":
        "Ваш профіль, персональні токени доступу, які використовують ваші скрипти, і чи може служба підтримки діяти від вашого імені.",
      moreHelp: "Докладніше в документації",
    },
  },
);
