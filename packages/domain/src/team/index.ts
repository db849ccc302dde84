/** The team: members, invitations and who may change what (issue 67). */
export * from './team-schemas';
export * from './team-rules';
