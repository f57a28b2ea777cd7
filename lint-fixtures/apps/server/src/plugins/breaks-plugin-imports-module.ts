import { everything } from "../modules/devices/allowed-devices.repo";

export const plugin = everything;
