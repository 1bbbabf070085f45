export default async function globalTeardown(): Promise<void> {
  await globalThis.testDatabaseServer?.stop();
  globalThis.testDatabaseServer = undefined;
}
