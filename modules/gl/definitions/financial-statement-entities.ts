/** The financial-statement format entities in registry order (a row detail looks rows up, a column detail columns). */
import { financialStatementColumn, financialStatementColumnDetail, financialStatementRow, financialStatementRowDetail } from './financial-statement.ts';

export const FINANCIAL_STATEMENT_ENTITIES = [financialStatementRow, financialStatementRowDetail, financialStatementColumn, financialStatementColumnDetail] as const;
