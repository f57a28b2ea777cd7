import type { Translation } from "../define-messages";
import type { messages as en } from "../en/user-menu";

export const messages: Translation<typeof en> = {
  menuLabel: "Brukermeny, {{email}}",
  back: "Tilbake",
  accountSettings: "Kontoinnstillinger",
  impersonationUntil: "Impersonering til {{time}}",
  impersonationExplained: "Du har gitt kundestøtte lov til å handle som deg fram til da.",
  revokeAccess: "Trekk tilbake tilgangen",
  resources: "Ressurser",
  companyDataRemaining: "Gjenværende selskapsdata",
  creditsLeft: "Gjenværende kreditter",
  noCredits: "Ingen kreditter",
  getMoreResources: "Skaff flere ressurser",
  resourcesFailed: "Ressursoversikten kunne ikke lastes inn.",
  activateCode: "Aktiver kode",
  darkMode: "Mørk modus",
  darkModeAuto: "Automatisk",
  darkModeOn: "Slå på",
  darkModeOff: "Slå av",
  systemTimezone: "Systemets tidssone",
  timezoneSearch: "Søk etter tidssone",
  timezoneNothingFound: "Fant ingen slik tidssone",
  selectedTime: "Valgt tid",
  utcTime: "UTC-tid",
  resetTimezone: "Tilbakestill systemets tidssone",
  timezoneUpdated: "Tidssonen er oppdatert",
  timezoneDefaultUsed: "Standard tidssone brukes",
  languages: "Språk",
  languageReloading: "Konsollen lastes inn på nytt på {{language}}.",
  viewCompany: "Vis selskap",
  viewPermissions: "Vis tildelte tillatelser",
  userPermissions: "Brukertillatelser",
  noPermissions: "Du har ingen tildelte tillatelser.",
  changelog: "Endringslogg",
  logout: "Logg ut",
  logoutCancelImpersonation: "Logg ut og avslutt impersonering",
  changelogVersion: "Versjon {{version}}",
  changelogIntro: "Dette kan denne versjonen av konsollen.",
  "note.signIn":
    "Logg inn med e-postadresse og passord. Gjentatte feil passord setter kontoen på pause en stund.",
  "note.account":
    "Opprett en konto, bekreft e-postadressen og tilbakestill et glemt passord via e-post.",
  "note.sessions":
    "Økter fornyes automatisk mens du jobber, og utlogging avslutter økten på serveren.",
  "note.tokens":
    "Personlige tilgangstokener med omfang lar skript bruke API-et. Opprett og slett dem i Kontoinnstillinger.",
  "note.devices":
    "Enhetslisten: søk etter navn, serienummer eller MAC-adresse, sorter kolonnene og bla gjennom flåten.",
  "note.shell":
    "Konsollrammen: navigasjon som følger tillatelsene dine, og denne brukermenyen med mørk modus, systemets tidssone, språk, ressursoversikt og tillatelsene dine.",
  signingOut: "Logger ut",
  signOutFailed: "Kunne ikke logge ut",
};
