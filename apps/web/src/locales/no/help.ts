import type { Translation } from "../define-messages";
import type { messages as en } from "../en/help";

export const messages: Translation<typeof en> = {
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
};
