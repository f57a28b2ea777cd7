import { everything } from "../modules/devices/allowed-devices.repo";

export const inTest = everything;
