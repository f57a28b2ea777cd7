import { describe, expect, it, vi } from "vitest";
import { replaceServiceWorkers, serviceWorkerUrl } from "./service-worker";

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
});
