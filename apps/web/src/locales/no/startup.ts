import type { Translation } from "../define-messages";
import type { messages as en } from "../en/startup";

export const messages: Translation<typeof en> = {
  loading: "Laster",
  signingIn: "Logger inn",
  unavailableTitle: "Konsollen er utilgjengelig",
  retry: "Prøv igjen",
  signOut: "Logg ut",
  offlineTitle: "Du er frakoblet",
  offlineMessage:
    "Du er frakoblet. Kontroller nettverkskabler, modem og ruter, eller koble til Wi-Fi på nytt, og prøv igjen.",
  stillOffline: "Fortsatt ingen forbindelse. Prøv igjen når nettverket er tilbake.",
  networkLost: "Nettverksforbindelsen er brutt.",
  networkBack: "Du er tilkoblet igjen.",
  maintenanceTitle: "Netfleet er under vedlikehold",
  maintenanceMessage:
    "Konsollen får ikke kontakt med serveren akkurat nå. Prøv igjen om noen minutter.",
  maintenanceDetail: "{{message}} (statuskode {{status}})",
  accessDeniedTitle: "Ingen tilgang",
  accessDeniedMessage: "Brukeren har ingen visningstillatelser",
  accessDeniedHint: "Be en administrator i selskapet ditt om en rolle som kan se noe i konsollen.",
  notInvitedTitle: "Kontoen din er ikke invitert",
  notInvitedMessage:
    "Du logget inn med enkel pålogging, men denne kontoen er ikke invitert til Netfleet.",
  notInvitedHint: "Be en administrator i selskapet ditt sende en invitasjon til {{email}}.",
  notInvitedHintNoEmail: "Be en administrator i selskapet ditt sende deg en invitasjon.",
  mfaTitle: "Tofaktorautentisering kreves",
  mfaMessage: "Selskapet ditt krever tofaktorautentisering før konsollen kan brukes.",
  mfaHint:
    "Sett opp en annen faktor for kontoen din sammen med administratoren, og logg inn igjen.",
  notFoundTitle: "Fant ikke siden",
  notFoundMessage:
    "Det finnes ingen side på denne adressen. Den kan være flyttet, eller lenken er feil.",
  notFoundHome: "Gå til konsollen",
  crashTitle: "Noe gikk galt",
  crashMessage:
    "Konsollen kunne ikke starte. Last inn siden på nytt; hvis det skjer igjen, kontakt administratoren din.",
  routeErrorMessage:
    "Denne siden kunne ikke vises. Last inn på nytt; hvis det skjer igjen, kontakt administratoren din.",
  updating: "Oppdaterer Netfleet",
  connectDesktopTitle: "Eksternt skrivebord",
  connectSshTitle: "SSH",
  connectTelnetTitle: "Telnet",
  connectFileTransferTitle: "Filoverføring",
  connectTarget: "Mål",
  connectNoTarget: "Ikke oppgitt",
  connectChecking: "Kontrollerer den eksterne økten",
  connectKeyMissing:
    "Øktnøkkelen mangler. Åpne eksterne økter fra listen over fjerntilgang for en enhet.",
  connectExpired: "Denne eksterne økten er utløpt eller finnes ikke.",
  connectFailed: "Den eksterne økten kunne ikke kontrolleres: {{message}}",
  connectUnsupported:
    "Økten er gyldig, men denne versjonen av Netfleet kan ennå ikke åpne eksterne økter i nettleseren.",
  connectBack: "Tilbake til konsollen",
};
