import { outboundPolicy } from '../src/platform/outbound.ts';

/** The policy of a lab: stub servers on 127.0.0.1 are reachable (OUTBOUND_ALLOW_PRIVATE=true). */
export const LAB_OUTBOUND = outboundPolicy({ OUTBOUND_ALLOW_PRIVATE: true, OUTBOUND_ALLOW_HOSTS: [] });
