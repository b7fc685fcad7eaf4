-- Runs once, when the dev Postgres volume is first created: one database per service.
CREATE DATABASE probedge_content;
CREATE DATABASE probedge_news;
CREATE DATABASE probedge_insights;
CREATE DATABASE probedge_billing;
CREATE DATABASE probedge_markets;
