export * from './documents';
export * from './entities';
export * from './enums';
export * from './envelope';
export * from './limits';
export * from './messages';
export * from './queries';
