import { Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import {
  useTranslation,
  type LanguageCode,
  changeLanguage,
  i18n,
  loadLanguage,
} from "../../../lib/i18n";
import { LANGUAGES } from "@netfleet/contracts/constants";
import { browserLocation } from "../../../lib/browser-location";
import { SubMenuHeader } from "./sub-menu-header";

/** Each language by its own name, so that a reader finds theirs whatever is on screen now. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: "English",
  no: "Norsk",
  ja: "日本語",
  uk: "Українська",
};

export function currentLanguage(): LanguageCode {
  return LANGUAGES.find((l) => l.code === i18n.language)?.code ?? "en";
}

/** The console's languages; choosing one stores it and reloads the page after 1 s. */
export function LanguageMenu({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("user-menu");
  const select = async (value: string) => {
    const language = LANGUAGES.find((l) => l.code === value);
    if (!language || language.code === currentLanguage()) return;
    // Said in the chosen language: it is what the page will speak after the reload, which
    // finds the language's chunk fetched already.
    await loadLanguage(language.code);
    const inChosen = i18n.getFixedT(language.code, "user-menu");
    notifications.show({
      message: inChosen("languageReloading", { language: LANGUAGE_NAMES[language.code] }),
    });
    changeLanguage(language.code, () => browserLocation.reload());
  };
  return (
    <>
      <SubMenuHeader title={t("languages")} onBack={onBack} />
      <Menu.RadioGroup value={currentLanguage()} onChange={(value) => void select(value)}>
        {LANGUAGES.map(({ code }) => (
          <Menu.RadioItem key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}
