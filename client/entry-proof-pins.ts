import { enableProofCompare } from '#client/proof-compare.ts';
import { enableProofPins } from '#client/proof-pins.ts';

// A build entry of its own (vite.config.ts): the customer's page and the desk load this and nothing of the public app.
enableProofPins(document);
enableProofCompare(document);
