// Types of scripts/build-inputs.mjs for the TypeScript that imports it (test/helpers/build-once.ts).
export declare const STAMP: string;
export declare function inputsHash(root: string): string;
export declare function isFresh(root: string): boolean;
export declare function writeStamp(root: string): void;
