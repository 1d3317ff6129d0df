/**
 * Templates (platform §3, §7 "Templates."; features §2.2, §3.5, §4.3): a named backup
 * configuration plus matching rules. Applying a template links the matching backups to it and
 * writes its settings to them; a linked backup follows every later change of the template's
 * settings until it is made standalone. An active template (isActive, auto-activation)
 * activates newly discovered backups its rules match.
 */

export * from './api-template-list.ts';
export * from './api-template-apply.ts';
export * from './api-template-activations.ts';
