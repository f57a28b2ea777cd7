-- A company's contact e-mail, as RMS API v3's company edit sends it; null when it has none.
ALTER TABLE "companies" ADD COLUMN "email" text;
