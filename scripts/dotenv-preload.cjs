// `node --require ./scripts/dotenv-preload.cjs …` (`npm run api`): reads .env before the program
// starts (dotenv.cjs).
require('./dotenv.cjs').loadDotEnv();
