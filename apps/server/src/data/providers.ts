import type { ProviderCategory } from '@console/contract/providers';

/** How the server checks a connection's credentials (modules/providers/health.ts). */
export type HealthCheckKind = 'openai-compatible' | 'anthropic' | 'ollama' | 'cloudflare' | 'digitalocean' | 'stripe' | 'github';

/** One provider of the catalog shipped with the product (SPEC §3 Marketplace provider). */
export interface CatalogProvider {
  id: string;
  name: string;
  category: ProviderCategory;
  /** Logo background colour; the logo itself is drawn by our server (no external image URLs). */
  color: string;
  short_description: string;
  description: string;
  meta_keywords: string;
  website: string;
  check?: HealthCheckKind;
  /** Default API base URL for the health check and, for LLM providers, the chat. */
  baseUrl?: string;
  /** Default chat model for LLM providers the chat can use. */
  model?: string;
}

type Entry = [id: string, name: string, color: string, website: string, short: string, description: string, keywords: string, extra?: Partial<CatalogProvider>];

const group = (category: ProviderCategory, entries: Entry[]): CatalogProvider[] =>
  entries.map(([id, name, color, website, short, description, keywords, extra]) => ({
    id,
    name,
    category,
    color,
    website,
    short_description: short,
    description,
    meta_keywords: keywords,
    ...extra,
  }));

const openAiCompatible = (baseUrl: string, model?: string): Partial<CatalogProvider> => ({ check: 'openai-compatible', baseUrl, ...(model ? { model } : {}) });

const DNS = group('dns', [
  ['cloudflare', 'Cloudflare', '#F38020', 'https://www.cloudflare.com', 'DNS, CDN and DDoS protection on a global edge network.', 'Authoritative DNS with one of the fastest resolvers on the internet, plus CDN, WAF and DDoS protection. Connect a scoped API token so domain verification and DNS records can be synced automatically.', 'dns,cdn,ddos,waf,edge,ssl', { check: 'cloudflare' }],
  ['route53', 'Amazon Route 53', '#8C4FFF', 'https://aws.amazon.com/route53/', 'Highly available, scalable DNS web service from AWS.', 'Managed authoritative DNS with health checks, latency-based and geolocation routing, and private hosted zones for VPCs.', 'dns,aws,amazon,routing,health checks'],
  ['google-cloud-dns', 'Google Cloud DNS', '#4285F4', 'https://cloud.google.com/dns', 'Low-latency, 100% SLA authoritative DNS on Google infrastructure.', 'Publish and manage DNS zones and records through the Google Cloud API, with DNSSEC and private zones.', 'dns,google,gcp,dnssec'],
  ['azure-dns', 'Azure DNS', '#0078D4', 'https://azure.microsoft.com/products/dns', 'Host DNS domains on the Microsoft Azure global network.', 'Manage DNS records with the same credentials, billing and role-based access control as the rest of your Azure services.', 'dns,azure,microsoft'],
  ['ns1', 'NS1', '#5A2D82', 'https://ns1.com', 'Intelligent, API-first managed DNS and traffic steering.', 'Managed DNS with filter chains that steer traffic by geography, latency and load, now part of IBM.', 'dns,traffic steering,ibm,api'],
  ['dnsimple', 'DNSimple', '#1E87F0', 'https://dnsimple.com', 'Domain registration and DNS hosting with a clean API.', 'Register domains, host DNS and automate certificates with a developer-friendly REST API and one-click services.', 'dns,domains,registrar,api'],
  ['dnsmadeeasy', 'DNS Made Easy', '#00A3E0', 'https://dnsmadeeasy.com', 'Enterprise managed DNS with fast propagation.', 'Anycast managed DNS with failover, load balancing and a long uptime record, from DigiCert.', 'dns,failover,anycast,enterprise'],
  ['namecheap', 'Namecheap', '#DE3723', 'https://www.namecheap.com', 'Domain registrar with free DNS hosting.', 'Register and renew domains and edit their DNS records through the Namecheap API.', 'dns,registrar,domains'],
  ['godaddy', 'GoDaddy', '#1BDBDB', 'https://www.godaddy.com', 'The largest domain registrar, with DNS management.', 'Manage domains and DNS records registered with GoDaddy through its developer API.', 'dns,registrar,domains'],
  ['gandi', 'Gandi', '#0D2A35', 'https://www.gandi.net', 'Independent registrar with LiveDNS and a REST API.', 'Register domains and manage zones with Gandi LiveDNS, a fast anycast DNS with a complete REST API.', 'dns,registrar,livedns,europe'],
  ['porkbun', 'Porkbun', '#EF7878', 'https://porkbun.com', 'Low-cost domain registrar with a DNS API.', 'Domains at transparent prices with free DNS, SSL certificates and an API for records.', 'dns,registrar,domains,api'],
  ['hetzner-dns', 'Hetzner DNS', '#D50C2D', 'https://www.hetzner.com/dns-console', 'Free DNS hosting from Hetzner Online.', 'Manage DNS zones for your domains at no charge with the Hetzner DNS Console and its API.', 'dns,hetzner,free,europe'],
  ['bunny-dns', 'Bunny DNS', '#FF9F1C', 'https://bunny.net/dns/', 'Scriptable DNS on the bunny.net edge.', 'Anycast DNS with scriptable records, smart routing and tight integration with the bunny.net CDN.', 'dns,cdn,edge,scripting'],
  ['desec', 'deSEC', '#2E7D32', 'https://desec.io', 'Free, DNSSEC-first DNS hosting run by a non-profit.', 'Modern DNS hosting with DNSSEC by default and a REST API, operated by a Berlin non-profit.', 'dns,dnssec,free,non-profit'],
  ['hurricane-electric-dns', 'Hurricane Electric DNS', '#0B3D91', 'https://dns.he.net', 'Free DNS hosting on a global IPv6 backbone.', 'Free authoritative DNS with dynamic DNS updates from one of the largest IPv6 networks.', 'dns,ipv6,dynamic dns,free'],
  ['powerdns', 'PowerDNS', '#2C5BA0', 'https://www.powerdns.com', 'Open-source authoritative DNS server with an HTTP API.', 'Run your own authoritative DNS with SQL backends and a built-in HTTP API for zones and records.', 'dns,open source,self-hosted,authoritative'],
  ['ultradns', 'UltraDNS', '#003A70', 'https://vercara.digicert.com/ultradns', 'Enterprise authoritative DNS with DDoS protection.', 'Cloud-based authoritative DNS with traffic management and DDoS mitigation for enterprises.', 'dns,enterprise,ddos'],
  ['constellix', 'Constellix', '#27AAE1', 'https://constellix.com', 'Advanced traffic management DNS with monitoring.', 'Managed DNS with GeoDNS, ITO load balancing and real-user monitoring.', 'dns,geodns,monitoring,load balancing'],
  ['name-com', 'Name.com', '#1BAE70', 'https://www.name.com', 'Domain registrar with a reseller-grade API.', 'Register domains and manage DNS records with the Name.com core API.', 'dns,registrar,reseller'],
  ['easydns', 'easyDNS', '#0066B3', 'https://easydns.com', 'Managed DNS and domain registration since 1998.', 'Managed DNS with DNSSEC, URL forwarding and email services, with a REST API.', 'dns,registrar,dnssec'],
  ['netlify-dns', 'Netlify DNS', '#00AD9F', 'https://www.netlify.com', 'DNS hosting integrated with Netlify sites.', 'Point domains at Netlify-hosted sites and manage their records next to your deploys.', 'dns,jamstack,hosting'],
]);

const CLOUD = group('cloud', [
  ['aws', 'Amazon Web Services', '#FF9900', 'https://aws.amazon.com', 'The broadest cloud platform: compute, storage, networking and more.', 'Run servers, containers, functions, databases and storage on AWS. Connect an IAM access key so deployments and DNS can be managed from the console.', 'cloud,aws,amazon,ec2,s3,lambda'],
  ['gcp', 'Google Cloud', '#4285F4', 'https://cloud.google.com', 'Google Cloud Platform: compute, data and AI services.', 'Compute Engine, Cloud Run, GKE, BigQuery and Vertex AI on Google infrastructure. Connect with a service account key.', 'cloud,google,gcp,kubernetes,bigquery'],
  ['azure', 'Microsoft Azure', '#0078D4', 'https://azure.microsoft.com', 'Microsoft cloud for virtual machines, apps and data.', 'Azure virtual machines, App Service, AKS and managed databases. Connect with a service principal (tenant, client id and secret).', 'cloud,azure,microsoft,vm,aks'],
  ['digitalocean', 'DigitalOcean', '#0080FF', 'https://www.digitalocean.com', 'Simple cloud hosting: droplets, Kubernetes and managed databases.', 'Developer-friendly virtual machines (droplets), managed Kubernetes, App Platform, Spaces object storage and DNS with a straightforward API.', 'cloud,vps,droplets,kubernetes', { check: 'digitalocean', baseUrl: 'https://api.digitalocean.com/v2' }],
  ['linode', 'Akamai Cloud (Linode)', '#02B159', 'https://www.linode.com', 'Affordable Linux virtual machines on the Akamai network.', 'Linodes, LKE Kubernetes, object storage and NodeBalancers, now part of Akamai connected cloud.', 'cloud,vps,linode,akamai'],
  ['vultr', 'Vultr', '#007BFC', 'https://www.vultr.com', 'High-performance cloud compute in 30+ locations.', 'Cloud compute, bare metal, GPUs and Kubernetes with hourly billing across worldwide data centers.', 'cloud,vps,gpu,bare metal'],
  ['hetzner-cloud', 'Hetzner Cloud', '#D50C2D', 'https://www.hetzner.com/cloud', 'Cost-efficient cloud servers in Europe and the US.', 'Shared and dedicated vCPU servers, volumes, load balancers and firewalls at very low prices.', 'cloud,vps,europe,germany'],
  ['ovhcloud', 'OVHcloud', '#123F6D', 'https://www.ovhcloud.com', 'European cloud provider: public cloud, bare metal and hosting.', 'Public cloud instances, dedicated servers and managed Kubernetes with data sovereignty in Europe.', 'cloud,europe,bare metal,sovereign'],
  ['scaleway', 'Scaleway', '#4F0599', 'https://www.scaleway.com', 'European cloud with instances, serverless and GPUs.', 'Instances, Kubernetes Kapsule, serverless containers and GPU instances hosted in France, the Netherlands and Poland.', 'cloud,europe,serverless,gpu'],
  ['oracle-cloud', 'Oracle Cloud Infrastructure', '#C74634', 'https://www.oracle.com/cloud/', 'Enterprise cloud with generous always-free tier.', 'Compute, autonomous databases and networking on OCI, including Arm instances in the free tier.', 'cloud,oracle,oci,enterprise'],
  ['ibm-cloud', 'IBM Cloud', '#1F70C1', 'https://www.ibm.com/cloud', 'Hybrid cloud with virtual servers and OpenShift.', 'Virtual servers, Red Hat OpenShift and watsonx services for regulated industries.', 'cloud,ibm,openshift,hybrid'],
  ['alibaba-cloud', 'Alibaba Cloud', '#FF6A00', 'https://www.alibabacloud.com', 'The leading cloud provider in Asia.', 'Elastic Compute Service, object storage and databases across Asia-Pacific and worldwide regions.', 'cloud,asia,ecs,aliyun'],
  ['upcloud', 'UpCloud', '#7B00FF', 'https://upcloud.com', 'Fast cloud servers with MaxIOPS storage.', 'Cloud servers, managed databases and object storage with a 100% uptime SLA.', 'cloud,vps,europe'],
  ['exoscale', 'Exoscale', '#DA291C', 'https://www.exoscale.com', 'Swiss-made European cloud platform.', 'Compute, SKS Kubernetes and object storage in Swiss, German and Austrian zones.', 'cloud,switzerland,europe,kubernetes'],
  ['fly-io', 'Fly.io', '#7B3BE2', 'https://fly.io', 'Run full-stack apps close to users, worldwide.', 'Deploy containers as Fly Machines in dozens of regions with private networking and Postgres.', 'cloud,edge,containers,paas'],
  ['render', 'Render', '#46E3B7', 'https://render.com', 'Unified cloud to build and run apps and websites.', 'Web services, background workers, cron jobs, Postgres and static sites with automatic deploys from Git.', 'cloud,paas,hosting,deploy'],
  ['railway', 'Railway', '#0B0D0E', 'https://railway.com', 'Instant deployments for apps and databases.', 'Provision infrastructure, deploy from GitHub and scale services with usage-based pricing.', 'cloud,paas,deploy'],
  ['heroku', 'Heroku', '#430098', 'https://www.heroku.com', 'The original platform as a service, by Salesforce.', 'Deploy apps to dynos with buildpacks, add-ons and managed Postgres.', 'cloud,paas,salesforce,dynos'],
  ['vercel', 'Vercel', '#000000', 'https://vercel.com', 'Frontend cloud for Next.js and modern web apps.', 'Preview deployments, edge and serverless functions and a global CDN for web frameworks.', 'cloud,frontend,nextjs,serverless,edge'],
  ['netlify', 'Netlify', '#00AD9F', 'https://www.netlify.com', 'Platform for web apps with Git-based deploys.', 'Build, deploy and scale web apps with functions, forms and edge middleware.', 'cloud,jamstack,deploy,functions'],
  ['koyeb', 'Koyeb', '#121212', 'https://www.koyeb.com', 'Serverless platform for apps, APIs and GPUs.', 'Deploy containers and inference workloads globally with autoscaling and scale-to-zero.', 'cloud,serverless,gpu,containers'],
  ['stripe', 'Stripe', '#635BFF', 'https://stripe.com', 'Payments infrastructure for the internet.', 'Accept payments, manage subscriptions and send payouts through the Stripe API. Connect a restricted secret key.', 'payments,billing,subscriptions,cards', { check: 'stripe', baseUrl: 'https://api.stripe.com/v1' }],
]);

const LLM = group('llm', [
  ['openai', 'OpenAI', '#10A37F', 'https://platform.openai.com', 'GPT models for chat, reasoning, embeddings and images.', 'Use OpenAI GPT models as the brand\'s chat assistant. Works with any OpenAI-compatible server (vLLM, llama.cpp, LM Studio, Ollama) by setting the base URL.', 'llm,ai,gpt,chatgpt,embeddings,openai-compatible', openAiCompatible('https://api.openai.com/v1', 'gpt-4o-mini')],
  ['anthropic', 'Anthropic', '#D97757', 'https://www.anthropic.com', 'Claude models for safe, capable assistants.', 'Use Anthropic Claude models as the brand\'s chat assistant, with long context and strong reasoning.', 'llm,ai,claude,assistant', { check: 'anthropic', baseUrl: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' }],
  ['ollama', 'Ollama', '#1F1F1F', 'https://ollama.com', 'Run open models locally: Llama, Qwen, Gemma and more.', 'Point the chat at your own Ollama server to keep conversations on your hardware.', 'llm,local,self-hosted,llama,open source', { check: 'ollama', baseUrl: 'http://localhost:11434', model: 'llama3.2' }],
  ['google-gemini', 'Google Gemini', '#8E75B2', 'https://ai.google.dev', 'Gemini multimodal models through the Gemini API.', 'Gemini models with long context windows and multimodal input, through the OpenAI-compatible Gemini endpoint.', 'llm,ai,google,gemini,multimodal', openAiCompatible('https://generativelanguage.googleapis.com/v1beta/openai', 'gemini-2.0-flash')],
  ['mistral', 'Mistral AI', '#FA520F', 'https://mistral.ai', 'Efficient open-weight and commercial models from Europe.', 'Mistral Large, Small and Codestral models with an OpenAI-style chat completions API.', 'llm,ai,mistral,europe,open weights', openAiCompatible('https://api.mistral.ai/v1', 'mistral-small-latest')],
  ['groq', 'Groq', '#F55036', 'https://groq.com', 'Ultra-fast inference on LPU hardware.', 'Serve open models such as Llama at very high token rates through an OpenAI-compatible API.', 'llm,ai,inference,fast,llama', openAiCompatible('https://api.groq.com/openai/v1', 'llama-3.3-70b-versatile')],
  ['together', 'Together AI', '#0F6FFF', 'https://www.together.ai', 'Run and fine-tune open-source models at scale.', 'Hundreds of open models for chat, code and embeddings behind an OpenAI-compatible API.', 'llm,ai,open source,fine-tuning,inference', openAiCompatible('https://api.together.xyz/v1', 'meta-llama/Llama-3.3-70B-Instruct-Turbo')],
  ['fireworks', 'Fireworks AI', '#6720FF', 'https://fireworks.ai', 'Fast, low-cost generative AI inference platform.', 'Serve and fine-tune open models with an OpenAI-compatible API.', 'llm,ai,inference,fine-tuning', openAiCompatible('https://api.fireworks.ai/inference/v1', 'accounts/fireworks/models/llama-v3p3-70b-instruct')],
  ['deepseek', 'DeepSeek', '#4D6BFE', 'https://www.deepseek.com', 'DeepSeek chat and reasoning models.', 'DeepSeek-V3 chat and R1 reasoning models through an OpenAI-compatible API.', 'llm,ai,reasoning,deepseek', openAiCompatible('https://api.deepseek.com/v1', 'deepseek-chat')],
  ['openrouter', 'OpenRouter', '#6467F2', 'https://openrouter.ai', 'One API for hundreds of models from every lab.', 'Route requests to OpenAI, Anthropic, Google, Meta and open models with a single key and unified billing.', 'llm,ai,router,gateway,multi-model', openAiCompatible('https://openrouter.ai/api/v1', 'openai/gpt-4o-mini')],
  ['xai', 'xAI Grok', '#000000', 'https://x.ai/api', 'Grok models from xAI.', 'Grok chat and reasoning models through an OpenAI-compatible API.', 'llm,ai,grok,xai', openAiCompatible('https://api.x.ai/v1', 'grok-3-mini')],
  ['cohere', 'Cohere', '#39594D', 'https://cohere.com', 'Enterprise models for chat, RAG, embeddings and rerank.', 'Command models for retrieval-augmented assistants, plus embed and rerank, via Cohere\'s compatibility API.', 'llm,ai,rag,embeddings,rerank', openAiCompatible('https://api.cohere.ai/compatibility/v1', 'command-r')],
  ['perplexity', 'Perplexity', '#20808D', 'https://www.perplexity.ai', 'Sonar models with live web search built in.', 'Answers grounded in real-time web search results, with citations.', 'llm,ai,search,citations', { baseUrl: 'https://api.perplexity.ai', model: 'sonar' }],
  ['cerebras', 'Cerebras', '#F15A29', 'https://www.cerebras.ai', 'Wafer-scale inference at thousands of tokens per second.', 'Open models such as Llama served on Cerebras hardware with an OpenAI-compatible API.', 'llm,ai,inference,fast', openAiCompatible('https://api.cerebras.ai/v1', 'llama3.1-8b')],
  ['deepinfra', 'DeepInfra', '#2D6AE3', 'https://deepinfra.com', 'Serverless inference for open models at low cost.', 'Pay-per-token access to popular open models behind an OpenAI-compatible endpoint.', 'llm,ai,inference,serverless', openAiCompatible('https://api.deepinfra.com/v1/openai', 'meta-llama/Meta-Llama-3.1-8B-Instruct')],
  ['nvidia-nim', 'NVIDIA NIM', '#76B900', 'https://build.nvidia.com', 'Optimized inference microservices for open models.', 'Call NVIDIA-hosted NIM endpoints or run them yourself; OpenAI-compatible.', 'llm,ai,nvidia,gpu,inference', openAiCompatible('https://integrate.api.nvidia.com/v1', 'meta/llama-3.1-8b-instruct')],
  ['huggingface', 'Hugging Face Inference', '#FFD21E', 'https://huggingface.co', 'Inference Providers for thousands of open models.', 'Route chat completions to open models hosted by Hugging Face inference providers.', 'llm,ai,open source,models,hub', openAiCompatible('https://router.huggingface.co/v1', 'meta-llama/Llama-3.1-8B-Instruct')],
  ['azure-openai', 'Azure OpenAI', '#0078D4', 'https://azure.microsoft.com/products/ai-services/openai-service', 'OpenAI models hosted in your Azure subscription.', 'GPT models with Azure networking, compliance and regional data residency.', 'llm,ai,azure,openai,enterprise'],
  ['aws-bedrock', 'Amazon Bedrock', '#01A88D', 'https://aws.amazon.com/bedrock/', 'Foundation models from many providers on AWS.', 'Claude, Llama, Mistral and Amazon Nova models behind one managed AWS service.', 'llm,ai,aws,bedrock,foundation models'],
  ['replicate', 'Replicate', '#3D3D3D', 'https://replicate.com', 'Run open models with a cloud API.', 'Run language, image and audio models by API and deploy your own with Cog.', 'llm,ai,models,images,audio'],
  ['lm-studio', 'LM Studio', '#4338CA', 'https://lmstudio.ai', 'Desktop app serving local models over an OpenAI-style API.', 'Download and run models on your own machine; LM Studio\'s local server speaks the OpenAI API.', 'llm,local,desktop,openai-compatible', openAiCompatible('http://localhost:1234/v1')],
  ['vllm', 'vLLM', '#30A2FF', 'https://docs.vllm.ai', 'High-throughput open-source LLM serving engine.', 'Serve models on your own GPUs with PagedAttention; exposes an OpenAI-compatible server.', 'llm,self-hosted,gpu,inference,openai-compatible', openAiCompatible('http://localhost:8000/v1')],
  ['llama-cpp', 'llama.cpp server', '#7C3AED', 'https://github.com/ggml-org/llama.cpp', 'Lightweight C/C++ inference with an OpenAI-compatible server.', 'Run quantized GGUF models on CPUs and GPUs with llama-server.', 'llm,local,cpu,gguf,openai-compatible', openAiCompatible('http://localhost:8080/v1')],
]);

const DATABASE = group('database', [
  ['supabase', 'Supabase', '#3ECF8E', 'https://supabase.com', 'Postgres development platform with auth, storage and realtime.', 'A managed Postgres database with instant APIs, authentication, storage, edge functions and realtime subscriptions.', 'database,postgres,backend,realtime,open source'],
  ['neon', 'Neon', '#00E599', 'https://neon.com', 'Serverless Postgres with branching and autoscaling.', 'Separate storage and compute Postgres that scales to zero and branches like Git.', 'database,postgres,serverless,branching'],
  ['planetscale', 'PlanetScale', '#000000', 'https://planetscale.com', 'Scalable MySQL and Postgres built on Vitess.', 'Horizontally scalable databases with non-blocking schema changes and branching.', 'database,mysql,postgres,vitess'],
  ['mongodb-atlas', 'MongoDB Atlas', '#00ED64', 'https://www.mongodb.com/atlas', 'Multi-cloud document database service.', 'Managed MongoDB clusters with search, vector search and device sync on AWS, Azure and Google Cloud.', 'database,nosql,document,mongodb,vector'],
  ['redis-cloud', 'Redis Cloud', '#FF4438', 'https://redis.io/cloud/', 'Fully managed Redis for caching and real-time data.', 'In-memory data structures, streams, JSON and vector search, managed by Redis.', 'database,cache,redis,in-memory'],
  ['upstash', 'Upstash', '#00E9A3', 'https://upstash.com', 'Serverless Redis, vector and queues with per-request pricing.', 'Durable serverless Redis, Vector and QStash messaging that fit edge and serverless apps.', 'database,redis,serverless,queue'],
  ['cockroachdb', 'CockroachDB Cloud', '#6933FF', 'https://www.cockroachlabs.com', 'Distributed SQL that survives anything.', 'Postgres-compatible distributed SQL with multi-region survival and serverless tiers.', 'database,distributed sql,postgres compatible'],
  ['timescale', 'Tiger Data (Timescale)', '#FDB515', 'https://www.tigerdata.com', 'Postgres for time series, events and analytics.', 'Managed Postgres with TimescaleDB hypertables, compression and continuous aggregates.', 'database,postgres,time series,analytics'],
  ['aiven', 'Aiven', '#FF3554', 'https://aiven.io', 'Managed open-source data infrastructure on any cloud.', 'Managed PostgreSQL, MySQL, Kafka, OpenSearch, ClickHouse and Valkey in one console.', 'database,postgres,kafka,managed,open source'],
  ['turso', 'Turso', '#4FF8D2', 'https://turso.tech', 'SQLite for production, at the edge.', 'libSQL databases replicated close to users, with embedded replicas and per-tenant databases.', 'database,sqlite,edge,libsql'],
  ['firebase', 'Firebase', '#FFCA28', 'https://firebase.google.com', 'Google app platform with Firestore and Realtime Database.', 'NoSQL document databases with offline sync, hosting, cloud functions and analytics.', 'database,nosql,google,mobile,realtime'],
  ['amazon-rds', 'Amazon RDS', '#527FFF', 'https://aws.amazon.com/rds/', 'Managed relational databases on AWS.', 'PostgreSQL, MySQL, MariaDB, Oracle and SQL Server with automated backups and Aurora.', 'database,aws,postgres,mysql,aurora'],
  ['google-cloud-sql', 'Google Cloud SQL', '#4285F4', 'https://cloud.google.com/sql', 'Managed PostgreSQL, MySQL and SQL Server on Google Cloud.', 'Fully managed relational databases with high availability and point-in-time recovery.', 'database,gcp,postgres,mysql'],
  ['azure-cosmos-db', 'Azure Cosmos DB', '#0078D4', 'https://azure.microsoft.com/products/cosmos-db', 'Globally distributed multi-model database.', 'NoSQL, MongoDB and PostgreSQL APIs with turnkey global distribution and vector search.', 'database,azure,nosql,global'],
  ['singlestore', 'SingleStore', '#AA00FF', 'https://www.singlestore.com', 'Real-time distributed SQL for transactions and analytics.', 'A single database for operational and analytical workloads with vector search.', 'database,sql,analytics,htap'],
  ['clickhouse-cloud', 'ClickHouse Cloud', '#FAFF69', 'https://clickhouse.com/cloud', 'Fast column-oriented analytics database as a service.', 'Real-time analytics over billions of rows with serverless ClickHouse.', 'database,analytics,olap,columnar'],
  ['couchbase-capella', 'Couchbase Capella', '#EA2328', 'https://www.couchbase.com/products/capella/', 'Cloud NoSQL database for interactive apps.', 'JSON document database with SQL++ querying, mobile sync and vector search.', 'database,nosql,json,mobile sync'],
  ['elastic-cloud', 'Elastic Cloud', '#00BFB3', 'https://www.elastic.co/cloud', 'Managed Elasticsearch for search and observability.', 'Hosted Elasticsearch and Kibana for full-text search, logs and security analytics.', 'database,search,elasticsearch,logs'],
  ['pinecone', 'Pinecone', '#000000', 'https://www.pinecone.io', 'Serverless vector database for AI applications.', 'Store and query embeddings for retrieval-augmented generation and semantic search.', 'database,vector,ai,rag,embeddings'],
  ['weaviate', 'Weaviate', '#00A142', 'https://weaviate.io', 'Open-source AI-native vector database.', 'Vector and hybrid search with built-in embedding modules, hosted or self-managed.', 'database,vector,hybrid search,open source'],
  ['qdrant', 'Qdrant', '#DC244C', 'https://qdrant.tech', 'High-performance vector search engine.', 'Rust-based vector database with filtering and quantization, as a cloud service or self-hosted.', 'database,vector,search,rust'],
  ['tidb-cloud', 'TiDB Cloud', '#E30C34', 'https://www.pingcap.com/tidb-cloud/', 'MySQL-compatible distributed SQL database.', 'Elastic scaling, HTAP analytics and vector search with MySQL compatibility.', 'database,mysql compatible,distributed,htap'],
  ['crunchy-bridge', 'Crunchy Bridge', '#1C4E80', 'https://www.crunchydata.com/products/crunchy-bridge', 'Fully managed Postgres by Postgres experts.', 'Production Postgres on AWS, Azure and GCP with backups, HA and a Postgres-native analytics engine.', 'database,postgres,managed'],
]);

const AUTH = group('auth', [
  ['auth0', 'Auth0', '#EB5424', 'https://auth0.com', 'Identity platform for customer and workforce login.', 'Universal login, social connections, MFA and enterprise SSO, from Okta.', 'auth,identity,sso,mfa,oauth'],
  ['okta', 'Okta', '#007DC1', 'https://www.okta.com', 'Workforce identity, SSO and lifecycle management.', 'Single sign-on, adaptive MFA and user provisioning for employees and partners.', 'auth,identity,sso,workforce,scim'],
  ['clerk', 'Clerk', '#6C47FF', 'https://clerk.com', 'Drop-in authentication and user management.', 'Prebuilt sign-in components, sessions, organizations and B2B SSO for modern web apps.', 'auth,user management,react,nextjs'],
  ['firebase-auth', 'Firebase Authentication', '#FFA000', 'https://firebase.google.com/products/auth', 'Easy authentication for web and mobile apps.', 'Email, phone and social sign-in with client SDKs and Google Cloud Identity Platform upgrades.', 'auth,google,mobile,social login'],
  ['aws-cognito', 'Amazon Cognito', '#DD344C', 'https://aws.amazon.com/cognito/', 'User sign-up, sign-in and access control on AWS.', 'User pools, identity federation and temporary AWS credentials for app users.', 'auth,aws,user pools,federation'],
  ['microsoft-entra-id', 'Microsoft Entra ID', '#0078D4', 'https://www.microsoft.com/security/business/identity-access/microsoft-entra-id', 'Identity and access management from Microsoft.', 'Formerly Azure Active Directory: SSO, conditional access and B2B/B2C identity.', 'auth,microsoft,azure ad,sso,enterprise'],
  ['keycloak', 'Keycloak', '#4D4D4D', 'https://www.keycloak.org', 'Open-source identity and access management.', 'Self-hosted SSO with OpenID Connect, SAML, user federation and fine-grained authorization.', 'auth,open source,self-hosted,oidc,saml'],
  ['supertokens', 'SuperTokens', '#FF9933', 'https://supertokens.com', 'Open-source authentication you can self-host.', 'Email/password, passwordless, social login and session management with prebuilt UI.', 'auth,open source,sessions,passwordless'],
  ['stytch', 'Stytch', '#19303D', 'https://stytch.com', 'Passwordless auth and fraud prevention APIs.', 'Magic links, passkeys, OTP, B2B SSO and device fingerprinting.', 'auth,passwordless,passkeys,fraud'],
  ['workos', 'WorkOS', '#6363F1', 'https://workos.com', 'Enterprise-ready features: SSO, SCIM and audit logs.', 'Add SAML SSO, directory sync and an admin portal for enterprise customers in a few lines.', 'auth,sso,scim,enterprise,b2b'],
  ['descope', 'Descope', '#00B2A9', 'https://www.descope.com', 'No-code customer authentication flows.', 'Design passwordless, MFA and SSO journeys visually and embed them in your app.', 'auth,no-code,passwordless,flows'],
  ['frontegg', 'Frontegg', '#5F45FF', 'https://frontegg.com', 'Customer identity for B2B SaaS.', 'Login, entitlements, multi-tenancy and a self-service admin portal.', 'auth,b2b,multi-tenant,entitlements'],
  ['fusionauth', 'FusionAuth', '#F58320', 'https://fusionauth.io', 'Developer-focused auth you can download or host.', 'OAuth, SAML, MFA and user management, self-hosted or in FusionAuth Cloud.', 'auth,oauth,self-hosted,ciam'],
  ['ory', 'Ory', '#5528FF', 'https://www.ory.sh', 'Open-source identity infrastructure.', 'Kratos identities, Hydra OAuth2 and Keto permissions, hosted in Ory Network or self-run.', 'auth,open source,oauth2,permissions'],
  ['onelogin', 'OneLogin', '#1C1F2A', 'https://www.onelogin.com', 'Workforce identity and SSO by One Identity.', 'Cloud directory, SSO and MFA for employees and contractors.', 'auth,sso,workforce,mfa'],
  ['jumpcloud', 'JumpCloud', '#00A5DA', 'https://jumpcloud.com', 'Open directory platform for identity and devices.', 'Cloud directory with SSO, MFA, device management and LDAP/RADIUS.', 'auth,directory,device management,ldap'],
  ['duo', 'Cisco Duo', '#6DC04A', 'https://duo.com', 'Multi-factor authentication and device trust.', 'Push-based MFA, passwordless and device health checks for zero-trust access.', 'auth,mfa,zero trust,cisco'],
  ['ping-identity', 'Ping Identity', '#B3282D', 'https://www.pingidentity.com', 'Enterprise identity security.', 'SSO, MFA, identity governance and customer identity for large enterprises.', 'auth,enterprise,sso,ciam'],
  ['kinde', 'Kinde', '#000000', 'https://kinde.com', 'Auth, feature flags and billing for SaaS.', 'Authentication with organizations, roles and feature flags, free for small teams.', 'auth,saas,feature flags,b2b'],
  ['logto', 'Logto', '#5D34F2', 'https://logto.io', 'Open-source auth infrastructure built on OIDC.', 'Sign-in experiences, multi-tenancy and RBAC, self-hosted or in Logto Cloud.', 'auth,oidc,open source,rbac'],
  ['authentik', 'authentik', '#FD4B2D', 'https://goauthentik.io', 'Open-source identity provider for self-hosters.', 'SSO via OAuth2, SAML, LDAP and proxy authentication with flexible flows.', 'auth,open source,self-hosted,sso,ldap'],
  ['zitadel', 'ZITADEL', '#6A5ACD', 'https://zitadel.com', 'Cloud-native identity with multi-tenancy.', 'Open-source identity with passkeys, B2B organizations and audit trail.', 'auth,open source,passkeys,multi-tenant'],
]);

const COMMUNICATION = group('communication', [
  ['twilio', 'Twilio', '#F22F46', 'https://www.twilio.com', 'SMS, voice, video and WhatsApp APIs.', 'Send and receive SMS, make calls and verify users in 180+ countries through Twilio APIs.', 'communication,sms,voice,whatsapp,verify'],
  ['sendgrid', 'SendGrid', '#1A82E2', 'https://sendgrid.com', 'Transactional and marketing email delivery, by Twilio.', 'Reliable email sending at scale with templates, analytics and deliverability tooling.', 'communication,email,smtp,transactional'],
  ['mailgun', 'Mailgun', '#F06B66', 'https://www.mailgun.com', 'Email API for sending, receiving and tracking.', 'Send transactional email, route inbound messages and validate addresses.', 'communication,email,smtp,inbound'],
  ['postmark', 'Postmark', '#FFDE00', 'https://postmarkapp.com', 'Fast, reliable transactional email.', 'Transactional and broadcast message streams with detailed delivery insights.', 'communication,email,transactional,deliverability'],
  ['amazon-ses', 'Amazon SES', '#DD344C', 'https://aws.amazon.com/ses/', 'Cost-effective email sending on AWS.', 'High-volume email sending and receiving with dedicated IPs and reputation dashboards.', 'communication,email,aws,smtp'],
  ['resend', 'Resend', '#000000', 'https://resend.com', 'Email API built for developers.', 'Send email with React Email templates, webhooks and a simple REST API.', 'communication,email,developers,react email'],
  ['brevo', 'Brevo', '#0B996E', 'https://www.brevo.com', 'Email, SMS and WhatsApp marketing and transactional messages.', 'Formerly Sendinblue: campaigns, automation and a transactional email API.', 'communication,email,sms,marketing'],
  ['mailchimp-transactional', 'Mailchimp Transactional', '#FFE01B', 'https://mailchimp.com/developer/transactional/', 'Transactional email by Mailchimp (Mandrill).', 'Send personalized one-to-one email with templates and analytics.', 'communication,email,mandrill,transactional'],
  ['sparkpost', 'SparkPost', '#FA6423', 'https://www.sparkpost.com', 'High-volume email delivery and analytics.', 'Email sending and deliverability analytics from Bird (formerly MessageBird).', 'communication,email,deliverability'],
  ['slack', 'Slack', '#4A154B', 'https://slack.com', 'Send alerts and messages to Slack channels.', 'Post notifications, ticket updates and deployment results to Slack with a bot token.', 'communication,chat,notifications,bot'],
  ['discord', 'Discord', '#5865F2', 'https://discord.com', 'Community chat with bots and webhooks.', 'Post updates to Discord channels and answer your community with a bot.', 'communication,chat,community,webhooks'],
  ['microsoft-teams', 'Microsoft Teams', '#6264A7', 'https://www.microsoft.com/microsoft-teams', 'Workplace chat and meetings from Microsoft.', 'Deliver notifications and adaptive cards to Teams channels.', 'communication,chat,microsoft,notifications'],
  ['telegram', 'Telegram', '#26A5E4', 'https://core.telegram.org/bots', 'Messaging bots on Telegram.', 'Reach customers and teams through a Telegram bot using the Bot API.', 'communication,messaging,bots'],
  ['vonage', 'Vonage', '#000000', 'https://www.vonage.com/communications-apis/', 'Communications APIs for SMS, voice and video.', 'Programmable messaging, voice, video and verification APIs.', 'communication,sms,voice,video'],
  ['bird', 'Bird', '#0E1B2E', 'https://bird.com', 'Omnichannel messaging platform (formerly MessageBird).', 'SMS, WhatsApp, email and voice from one platform and API.', 'communication,sms,whatsapp,omnichannel'],
  ['plivo', 'Plivo', '#43B02A', 'https://www.plivo.com', 'Cloud SMS and voice APIs.', 'Global SMS, voice and number management with competitive pricing.', 'communication,sms,voice,telephony'],
  ['pusher', 'Pusher', '#300D4F', 'https://pusher.com', 'Realtime channels and push notifications.', 'Hosted WebSocket channels and Beams push notifications for web and mobile.', 'communication,realtime,websockets,push'],
  ['ably', 'Ably', '#FF5416', 'https://ably.com', 'Realtime messaging infrastructure at scale.', 'Pub/sub channels, presence and chat with guaranteed ordering and delivery.', 'communication,realtime,pubsub,chat'],
  ['intercom', 'Intercom', '#1F8DED', 'https://www.intercom.com', 'AI-first customer service platform.', 'Messenger, help desk and Fin AI agent to answer customers across channels.', 'communication,support,helpdesk,chat'],
  ['zendesk', 'Zendesk', '#03363D', 'https://www.zendesk.com', 'Customer service and ticketing software.', 'Sync tickets and customer conversations with Zendesk Support.', 'communication,support,tickets,helpdesk'],
  ['onesignal', 'OneSignal', '#E54B4D', 'https://onesignal.com', 'Push, in-app, SMS and email messaging.', 'Send mobile and web push notifications with segmentation and journeys.', 'communication,push,notifications,mobile'],
  ['firebase-cloud-messaging', 'Firebase Cloud Messaging', '#FFCA28', 'https://firebase.google.com/products/cloud-messaging', 'Free cross-platform push notifications.', 'Deliver notifications to Android, iOS and web apps through FCM.', 'communication,push,mobile,google'],
  ['whatsapp-business', 'WhatsApp Business Platform', '#25D366', 'https://business.whatsapp.com', 'Message customers on WhatsApp via the Cloud API.', 'Send templates and answer customer conversations on WhatsApp through Meta\'s Cloud API.', 'communication,whatsapp,messaging,meta'],
]);

const DEVOPS = group('devops', [
  ['github', 'GitHub', '#181717', 'https://github.com', 'Code hosting, pull requests and Actions CI/CD.', 'Link repositories, trigger GitHub Actions workflows and track deployments with a personal access token.', 'devops,git,ci,actions,repositories', { check: 'github', baseUrl: 'https://api.github.com' }],
  ['gitlab', 'GitLab', '#FC6D26', 'https://gitlab.com', 'DevSecOps platform with built-in CI/CD.', 'Repositories, merge requests, pipelines and a container registry in one application.', 'devops,git,ci,pipelines,registry'],
  ['bitbucket', 'Bitbucket', '#0052CC', 'https://bitbucket.org', 'Git hosting integrated with Jira, by Atlassian.', 'Repositories, pull requests and Bitbucket Pipelines for teams on Atlassian.', 'devops,git,atlassian,pipelines'],
  ['circleci', 'CircleCI', '#343434', 'https://circleci.com', 'Continuous integration and delivery in the cloud.', 'Fast pipelines with caching, parallelism and orbs for common integrations.', 'devops,ci,cd,pipelines'],
  ['jenkins', 'Jenkins', '#D24939', 'https://www.jenkins.io', 'The open-source automation server.', 'Trigger and monitor Jenkins jobs with an API token.', 'devops,ci,open source,automation'],
  ['docker-hub', 'Docker Hub', '#2496ED', 'https://hub.docker.com', 'Container image registry.', 'Pull and push images for deployments to your mesh devices.', 'devops,containers,registry,docker'],
  ['datadog', 'Datadog', '#632CA6', 'https://www.datadoghq.com', 'Monitoring, APM and log management.', 'Metrics, traces, logs and dashboards across infrastructure and applications.', 'devops,monitoring,apm,logs,observability'],
  ['sentry', 'Sentry', '#362D59', 'https://sentry.io', 'Error tracking and performance monitoring.', 'Capture exceptions, traces and session replays with the context to fix them.', 'devops,errors,monitoring,performance'],
  ['pagerduty', 'PagerDuty', '#06AC38', 'https://www.pagerduty.com', 'Incident response and on-call management.', 'Route alerts to the right responder with escalation policies and schedules.', 'devops,incidents,on-call,alerting'],
  ['grafana-cloud', 'Grafana Cloud', '#F46800', 'https://grafana.com/products/cloud/', 'Managed Grafana, Prometheus, Loki and Tempo.', 'Dashboards, metrics, logs and traces as a fully managed observability stack.', 'devops,observability,prometheus,dashboards'],
  ['new-relic', 'New Relic', '#1CE783', 'https://newrelic.com', 'Full-stack observability platform.', 'APM, infrastructure, logs and browser monitoring with usage-based pricing.', 'devops,observability,apm,monitoring'],
  ['terraform-cloud', 'HCP Terraform', '#7B42BC', 'https://www.hashicorp.com/products/terraform', 'Infrastructure as code runs and state management.', 'Run Terraform plans and applies remotely with state, policies and private registry.', 'devops,iac,terraform,hashicorp'],
  ['buildkite', 'Buildkite', '#14CC80', 'https://buildkite.com', 'CI/CD with agents on your own infrastructure.', 'Hosted orchestration with self-hosted agents for fast, secure pipelines.', 'devops,ci,agents,pipelines'],
  ['jfrog', 'JFrog Artifactory', '#40BE46', 'https://jfrog.com/artifactory/', 'Universal artifact repository manager.', 'Store and distribute packages, containers and ML models across your pipelines.', 'devops,artifacts,registry,packages'],
  ['sonarqube-cloud', 'SonarQube Cloud', '#126ED3', 'https://www.sonarsource.com/products/sonarcloud/', 'Code quality and security analysis.', 'Static analysis for bugs, vulnerabilities and code smells on every pull request.', 'devops,code quality,static analysis,security'],
  ['honeycomb', 'Honeycomb', '#F5A623', 'https://www.honeycomb.io', 'Observability for high-cardinality production data.', 'Query traces and events with BubbleUp to find what is different about slow requests.', 'devops,observability,tracing,opentelemetry'],
  ['launchdarkly', 'LaunchDarkly', '#405BFF', 'https://launchdarkly.com', 'Feature flags and experimentation.', 'Release features gradually, run experiments and kill switches without deploys.', 'devops,feature flags,experimentation,releases'],
  ['snyk', 'Snyk', '#4C4A73', 'https://snyk.io', 'Developer security for code, dependencies and containers.', 'Find and fix vulnerabilities in dependencies, containers and infrastructure as code.', 'devops,security,vulnerabilities,dependencies'],
  ['harness', 'Harness', '#0278D5', 'https://www.harness.io', 'AI software delivery platform.', 'CI, CD, feature flags and cloud cost management with automated verification.', 'devops,cd,ci,deployment'],
  ['argo-cd', 'Argo CD', '#EF7B4D', 'https://argoproj.github.io/cd/', 'Declarative GitOps continuous delivery for Kubernetes.', 'Sync Kubernetes clusters with the desired state in Git and watch application health.', 'devops,gitops,kubernetes,cd'],
  ['octopus-deploy', 'Octopus Deploy', '#2F93E0', 'https://octopus.com', 'Deployment automation and release management.', 'Model environments, promote releases and run runbooks across clouds.', 'devops,deployment,releases,runbooks'],
  ['better-stack', 'Better Stack', '#5B63D3', 'https://betterstack.com', 'Uptime monitoring, status pages and logs.', 'Monitor endpoints, alert on-call and publish status pages alongside log management.', 'devops,uptime,status page,logs'],
]);

/** The whole catalog, in display order: category by category. */
export const PROVIDER_CATALOG: readonly CatalogProvider[] = [...DNS, ...CLOUD, ...LLM, ...DATABASE, ...AUTH, ...COMMUNICATION, ...DEVOPS];

const BY_ID = new Map(PROVIDER_CATALOG.map((p) => [p.id, p]));

/** The catalog entry for an id (case-insensitive), or undefined. */
export function findCatalogProvider(id: string): CatalogProvider | undefined {
  return BY_ID.get(id.trim().toLowerCase());
}
