export * from './decider';
export * from './handle-command';
export * from './claim-unique';
export * from './system';
