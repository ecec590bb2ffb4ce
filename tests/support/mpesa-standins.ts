// Vitest globalSetup (runs in Node): the M-Pesa (Daraja) stand-ins the worker tests talk to.
import type { TestProject } from "vitest/node";
import { type MpesaStandin, startMpesaStandin } from "../../scripts/mpesa-standin/server.ts";
import { TEST_MPESA_PASSKEY } from "./mpesa-standin-ports.ts";

/** Free ports, as for the Stripe stand-ins: two vitest runs at once must not fight over one. */
export default async function setup(project: TestProject) {
  const started: MpesaStandin[] = [];
  try {
    // It knows the worker's passkey, so every Password the worker sends is checked exactly.
    const normal = await startMpesaStandin({ port: 0, passkey: TEST_MPESA_PASSKEY });
    started.push(normal);
    const failing = await startMpesaStandin({ port: 0, fail: 500 });
    started.push(failing);
    // Paybill payments (C2B): the tests register URLs and pay on it, so the others' request logs stay theirs.
    const c2b = await startMpesaStandin({ port: 0 });
    started.push(c2b);
    project.provide("mpesaStandinUrl", normal.url);
    project.provide("mpesaFailingUrl", failing.url);
    project.provide("mpesaC2bStandinUrl", c2b.url);
  } catch (err) {
    await Promise.all(started.map((s) => s.close()));
    throw err;
  }
  return async () => {
    await Promise.all(started.map((s) => s.close()));
  };
}
