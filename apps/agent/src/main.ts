/**
 * Entry point of the device agent and fleet simulator. The MQTT device protocol it will
 * speak is not defined yet, so the program only explains itself.
 */
process.stdout.write(
  "netfleet-agent: no commands yet (simulate and run arrive with the devices module)\n",
);
