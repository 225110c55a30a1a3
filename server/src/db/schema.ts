// The whole database schema: the entity tables generated from the contract, and the server's
// own tables that are not entities of the API.
export * from '../../../generated/server/schema.ts';
export * from './internal-schema.ts';
