import { afterEach, describe, expect, it, vi } from "vitest";
import {
  REGISTRATION_DELAY_MS,
  registerServiceWorkerOnLoad,
  replaceServiceWorkers,
  serviceWorkerUrl,
} from "./service-worker";

function registration(scriptURL: string) {
  const unregister = vi.fn(() => Promise.resolve(true));
  const worker = { active: { scriptURL }, waiting: null, installing: null, unregister };
  return { worker: worker as unknown as ServiceWorkerRegistration, unregister };
}

function container(registrations: ServiceWorkerRegistration[]) {
  return {
    getRegistrations: vi.fn(() => Promise.resolve(registrations)),
    register: vi.fn(() => Promise.resolve(registration(serviceWorkerUrl()).worker)),
  };
}

describe("service worker", () => {
  it("SH-START-012 registers this build's worker for the whole console", async () => {
    const workers = container([]);

    await replaceServiceWorkers(workers as unknown as ServiceWorkerContainer);

    expect(workers.register).toHaveBeenCalledWith(serviceWorkerUrl(), { scope: "/" });
    expect(serviceWorkerUrl()).toMatch(/^http:\/\/localhost(:\d+)?\/sw\.js\?build=\d+$/);
  });

  it("SH-START-013 unregisters the workers of older builds first, and keeps its own", async () => {
    const older = registration(`${window.location.origin}/sw.js?build=1`);
    const legacy = registration(`${window.location.origin}/service-worker.js`);
    const current = registration(serviceWorkerUrl());
    const workers = container([older.worker, legacy.worker, current.worker]);

    await replaceServiceWorkers(workers as unknown as ServiceWorkerContainer);

    expect(older.unregister).toHaveBeenCalled();
    expect(legacy.unregister).toHaveBeenCalled();
    expect(current.unregister).not.toHaveBeenCalled();
    expect(older.unregister.mock.invocationCallOrder[0]).toBeLessThan(
      workers.register.mock.invocationCallOrder[0]!,
    );
  });

  describe("at start-up", () => {
    afterEach(() => {
      vi.useRealTimers();
      Reflect.deleteProperty(navigator, "serviceWorker");
      Reflect.deleteProperty(window, "isSecureContext");
    });

    it("SH-START-012 registers once the loaded page's start-up is over, not before", async () => {
      vi.useFakeTimers();
      const workers = container([]);
      Object.defineProperty(navigator, "serviceWorker", { value: workers, configurable: true });
      Object.defineProperty(window, "isSecureContext", { value: true, configurable: true });
      expect(document.readyState).toBe("complete");

      registerServiceWorkerOnLoad();
      await vi.advanceTimersByTimeAsync(REGISTRATION_DELAY_MS - 1);
      expect(workers.getRegistrations).not.toHaveBeenCalled();

      await vi.advanceTimersByTimeAsync(1);
      expect(workers.register).toHaveBeenCalledWith(serviceWorkerUrl(), { scope: "/" });
    });
  });
});
