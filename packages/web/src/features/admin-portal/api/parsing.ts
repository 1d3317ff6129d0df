/**
 * The API hooks of Admin Portal → Parsing, one file per part of the screen under parsing/; this
 * module gathers them for the screen.
 */
export * from './parsing/parsingKeys';
export * from './parsing/parsingEmails';
export * from './parsing/testParsing';
export * from './parsing/bannedSenders';
export * from './parsing/adminMailboxes';
