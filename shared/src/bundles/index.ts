export * from './bundleLogic';
