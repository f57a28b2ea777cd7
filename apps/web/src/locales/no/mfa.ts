import type { Translation } from "../define-messages";
import type { messages as en } from "../en/mfa";

export const messages: Translation<typeof en> = {
  passwordTitle: "Bekreft passordet ditt",
  passwordText: "Skriv inn passordet ditt for å fortsette.",
  passwordLabel: "Passord",
  passwordRequired: "Skriv inn passordet ditt",
  confirm: "Bekreft",
  cancel: "Avbryt",
  codeTitle: "Skriv inn autentiseringskoden",
  codeText: "Vi har sendt en autentiseringskode til e-postadressen din.",
  codeLabel: "Kode",
  codeRequired: "Skriv inn koden",
  totpTitle: "Skriv inn den 6-sifrede koden fra autentiseringsappen",
  totpText: "Åpne autentiseringsappen og skriv inn koden den viser for denne kontoen.",
  recoveryLabel: "Gjenopprettingskode",
  recoveryText: "Skriv inn en av gjenopprettingskodene du lagret. Hver kode virker én gang.",
  useRecovery: "Bruk en gjenopprettingskode",
  useTotp: "Bruk en kode fra appen",
  idTitle: "ID-verifisering",
  idText:
    "Denne handlingen krever verifisering gjennom en ekstern identitetstjeneste, som ikke er tilgjengelig på denne installasjonen. Be administratoren om å sette opp en annen andre faktor for kontoen din.",
  connectFailed: "Kunne ikke koble til serveren",
};
