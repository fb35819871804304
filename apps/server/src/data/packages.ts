import { createHash } from 'node:crypto';
import type { Package, PackageCategory } from '@console/contract/marketplace';
import { DEFAULT_PACKAGE_VERSION } from '@console/contract/limits';

/**
 * The marketplace catalog (SPEC §2 Marketplace), shipped as data: real container images with their
 * published tags and real Ollama models with their published sizes and quantizations. Each tag or
 * variant is one installable package; installing creates a `deploy_container` job with the image
 * reference or a `pull_model` job with the model tag.
 */

interface ImageFamily {
  title: string;
  image: string;
  category: PackageCategory;
  description: string;
  tags: string[];
  /** Compressed image size in MB (approximate, per tag). */
  sizeMb: number;
  /** Popularity in millions of pulls, used to spread download counts. */
  pullsM: number;
  ports?: string[];
  env?: Record<string, string>;
}

interface ModelFamily {
  title: string;
  model: string;
  description: string;
  /** Parameter sizes as tagged by Ollama, with billions of parameters. */
  sizes: Array<[tag: string, billions: number]>;
  /** Tag infix before the quantization (`instruct`, `chat`, `it`, or '' for `8b-q8_0`); undefined: no quantized tags. */
  quantInfix?: string;
  version?: string;
  pullsM: number;
}

const Q = ['q4_0', 'q4_K_M', 'q5_K_M', 'q8_0', 'fp16'] as const;
/** GB per billion parameters at each quantization (GGUF, approximate). */
const GB_PER_B: Record<(typeof Q)[number], number> = { q4_0: 0.56, q4_K_M: 0.61, q5_K_M: 0.71, q8_0: 1.07, fp16: 2.0 };

const images: ImageFamily[] = [
  // ---- database ----
  { title: 'PostgreSQL', image: 'postgres', category: 'database', description: 'The world\'s most advanced open source relational database.', tags: ['17.2', '17.2-alpine', '17-bookworm', '16.6', '16.6-alpine', '16-bookworm', '15.10', '15.10-alpine', '14.15', '14.15-alpine', '13.18', '13.18-alpine'], sizeMb: 150, pullsM: 1000, ports: ['5432:5432'], env: { POSTGRES_PASSWORD: 'change-me' } },
  { title: 'MySQL', image: 'mysql', category: 'database', description: 'Widely used open source relational database server.', tags: ['9.1', '9.1.0', '9.0', '8.4', '8.4.3', '8.0', '8.0.40'], sizeMb: 170, pullsM: 1000, ports: ['3306:3306'], env: { MYSQL_ROOT_PASSWORD: 'change-me' } },
  { title: 'MariaDB', image: 'mariadb', category: 'database', description: 'Community-developed fork of MySQL with drop-in compatibility.', tags: ['11.6', '11.4', '11.2', '10.11', '10.6', '10.5', 'lts'], sizeMb: 120, pullsM: 1000, ports: ['3306:3306'], env: { MARIADB_ROOT_PASSWORD: 'change-me' } },
  { title: 'MongoDB', image: 'mongo', category: 'database', description: 'Document database with flexible JSON-like schemas.', tags: ['8.0', '8.0-noble', '7.0', '7.0-jammy', '6.0', '5.0'], sizeMb: 290, pullsM: 1000, ports: ['27017:27017'] },
  { title: 'Redis', image: 'redis', category: 'database', description: 'In-memory data store used as a cache, message broker and database.', tags: ['7.4', '7.4-alpine', '7.2', '7.2-alpine', '6.2', '6.2-alpine'], sizeMb: 45, pullsM: 1000, ports: ['6379:6379'] },
  { title: 'Valkey', image: 'valkey/valkey', category: 'database', description: 'Open source, high-performance key/value store forked from Redis.', tags: ['8.0', '8.0-alpine', '7.2', '7.2-alpine'], sizeMb: 45, pullsM: 10, ports: ['6379:6379'] },
  { title: 'Memcached', image: 'memcached', category: 'database', description: 'High-performance distributed memory object caching system.', tags: ['1.6', '1.6-alpine', '1.6.32'], sizeMb: 30, pullsM: 500, ports: ['11211:11211'] },
  { title: 'Apache Cassandra', image: 'cassandra', category: 'database', description: 'Distributed wide-column store for massive write throughput.', tags: ['5.0', '4.1', '4.0'], sizeMb: 140, pullsM: 100, ports: ['9042:9042'] },
  { title: 'ClickHouse', image: 'clickhouse/clickhouse-server', category: 'database', description: 'Column-oriented database for real-time analytics.', tags: ['24.11', '24.10', '24.8', '24.3'], sizeMb: 260, pullsM: 100, ports: ['8123:8123', '9000:9000'] },
  { title: 'Elasticsearch', image: 'docker.elastic.co/elasticsearch/elasticsearch', category: 'database', description: 'Distributed search and analytics engine.', tags: ['8.16.1', '8.15.3', '7.17.25'], sizeMb: 620, pullsM: 500, ports: ['9200:9200'], env: { 'discovery.type': 'single-node' } },
  { title: 'OpenSearch', image: 'opensearchproject/opensearch', category: 'database', description: 'Open source search and analytics suite derived from Elasticsearch.', tags: ['2.18.0', '2.17.1', '1.3.19'], sizeMb: 780, pullsM: 50, ports: ['9200:9200'] },
  { title: 'InfluxDB', image: 'influxdb', category: 'database', description: 'Time series database for metrics, events and real-time analytics.', tags: ['2.7', '2.7-alpine', '1.11', '1.8'], sizeMb: 110, pullsM: 500, ports: ['8086:8086'] },
  { title: 'TimescaleDB', image: 'timescale/timescaledb', category: 'database', description: 'PostgreSQL extended for time series and analytics.', tags: ['2.17.2-pg17', '2.17.2-pg16', '2.17.2-pg15', 'latest-pg16'], sizeMb: 420, pullsM: 100, ports: ['5432:5432'], env: { POSTGRES_PASSWORD: 'change-me' } },
  { title: 'CockroachDB', image: 'cockroachdb/cockroach', category: 'database', description: 'Distributed SQL database built for resilience.', tags: ['v24.3.0', 'v24.2.5', 'v23.2.16'], sizeMb: 190, pullsM: 100, ports: ['26257:26257', '8080:8080'] },
  { title: 'Neo4j', image: 'neo4j', category: 'database', description: 'Native graph database with the Cypher query language.', tags: ['5.25', '5.25-community', '5.25-enterprise', '4.4'], sizeMb: 330, pullsM: 100, ports: ['7474:7474', '7687:7687'] },
  { title: 'Apache CouchDB', image: 'couchdb', category: 'database', description: 'Document database that syncs, with an HTTP/JSON API.', tags: ['3.4', '3.3'], sizeMb: 90, pullsM: 100, ports: ['5984:5984'] },
  { title: 'Qdrant', image: 'qdrant/qdrant', category: 'database', description: 'Vector similarity search engine for embeddings and RAG.', tags: ['v1.12.4', 'v1.11.5', 'v1.10.1'], sizeMb: 60, pullsM: 10, ports: ['6333:6333'] },
  { title: 'Weaviate', image: 'semitechnologies/weaviate', category: 'database', description: 'AI-native vector database with hybrid search.', tags: ['1.27.5', '1.26.10'], sizeMb: 55, pullsM: 10, ports: ['8080:8080'] },
  { title: 'Milvus', image: 'milvusdb/milvus', category: 'database', description: 'Cloud-native vector database for similarity search at scale.', tags: ['v2.5.0', 'v2.4.15'], sizeMb: 480, pullsM: 10, ports: ['19530:19530'] },
  { title: 'Chroma', image: 'chromadb/chroma', category: 'database', description: 'Open source embedding database for LLM applications.', tags: ['0.5.23', '0.5.20'], sizeMb: 180, pullsM: 10, ports: ['8000:8000'] },
  { title: 'etcd', image: 'quay.io/coreos/etcd', category: 'database', description: 'Distributed, reliable key-value store for configuration.', tags: ['v3.5.17', 'v3.4.35'], sizeMb: 22, pullsM: 100, ports: ['2379:2379'] },
  { title: 'pgvector', image: 'pgvector/pgvector', category: 'database', description: 'PostgreSQL with the pgvector extension for vector search.', tags: ['pg17', 'pg16', 'pg15'], sizeMb: 160, pullsM: 10, ports: ['5432:5432'], env: { POSTGRES_PASSWORD: 'change-me' } },
  { title: 'PostGIS', image: 'postgis/postgis', category: 'database', description: 'PostgreSQL with spatial and geographic objects.', tags: ['17-3.5', '16-3.5', '15-3.5'], sizeMb: 250, pullsM: 50, ports: ['5432:5432'], env: { POSTGRES_PASSWORD: 'change-me' } },
  { title: 'Redis Stack Server', image: 'redis/redis-stack-server', category: 'database', description: 'Redis with search, JSON, time series and probabilistic modules.', tags: ['7.4.0-v1', '7.2.0-v13'], sizeMb: 150, pullsM: 10, ports: ['6379:6379'] },
  { title: 'ScyllaDB', image: 'scylladb/scylla', category: 'database', description: 'Cassandra-compatible NoSQL database written in C++.', tags: ['6.2', '6.1'], sizeMb: 420, pullsM: 10, ports: ['9042:9042'] },
  { title: 'QuestDB', image: 'questdb/questdb', category: 'database', description: 'High-performance time series database with SQL.', tags: ['8.2.0', '8.1.4'], sizeMb: 170, pullsM: 10, ports: ['9000:9000'] },
  { title: 'SurrealDB', image: 'surrealdb/surrealdb', category: 'database', description: 'Multi-model database for web, mobile and serverless apps.', tags: ['v2.1.0', 'v2.0.4'], sizeMb: 40, pullsM: 1, ports: ['8000:8000'] },
  { title: 'FerretDB', image: 'ghcr.io/ferretdb/ferretdb', category: 'database', description: 'MongoDB-compatible database on top of PostgreSQL.', tags: ['1.24', '1.23'], sizeMb: 20, pullsM: 1, ports: ['27017:27017'] },
  { title: 'PgBouncer', image: 'bitnami/pgbouncer', category: 'database', description: 'Lightweight connection pooler for PostgreSQL.', tags: ['1.23.1', '1.22.1'], sizeMb: 50, pullsM: 10, ports: ['6432:6432'] },
  { title: 'pgAdmin 4', image: 'dpage/pgadmin4', category: 'database', description: 'Web administration tool for PostgreSQL.', tags: ['8.13', '8.12'], sizeMb: 180, pullsM: 100, ports: ['5050:80'] },
  { title: 'Adminer', image: 'adminer', category: 'database', description: 'Database management in a single PHP page.', tags: ['4.8.1', '4.8.1-standalone'], sizeMb: 40, pullsM: 100, ports: ['8080:8080'] },
  { title: 'RethinkDB', image: 'rethinkdb', category: 'database', description: 'Open source database for the realtime web.', tags: ['2.4'], sizeMb: 50, pullsM: 10, ports: ['28015:28015'] },
  // ---- infrastructure ----
  { title: 'NGINX', image: 'nginx', category: 'infrastructure', description: 'High-performance web server, reverse proxy and load balancer.', tags: ['1.27', '1.27-alpine', '1.26', '1.26-alpine', 'stable-alpine', 'mainline'], sizeMb: 70, pullsM: 1000, ports: ['80:80'] },
  { title: 'Traefik', image: 'traefik', category: 'infrastructure', description: 'Cloud-native reverse proxy and load balancer with automatic TLS.', tags: ['v3.2', 'v3.1', 'v2.11'], sizeMb: 50, pullsM: 1000, ports: ['80:80', '8080:8080'] },
  { title: 'Caddy', image: 'caddy', category: 'infrastructure', description: 'Web server with automatic HTTPS.', tags: ['2.9', '2.8', '2.8-alpine'], sizeMb: 20, pullsM: 500, ports: ['80:80', '443:443'] },
  { title: 'HAProxy', image: 'haproxy', category: 'infrastructure', description: 'Reliable, high-performance TCP/HTTP load balancer.', tags: ['3.1', '3.0', '3.0-alpine', '2.8'], sizeMb: 40, pullsM: 500, ports: ['80:80'] },
  { title: 'Envoy', image: 'envoyproxy/envoy', category: 'infrastructure', description: 'Cloud-native edge and service proxy.', tags: ['v1.32-latest', 'v1.31-latest', 'v1.30-latest'], sizeMb: 65, pullsM: 100, ports: ['10000:10000'] },
  { title: 'Apache HTTP Server', image: 'httpd', category: 'infrastructure', description: 'The Apache HTTP Server Project.', tags: ['2.4', '2.4-alpine'], sizeMb: 60, pullsM: 1000, ports: ['80:80'] },
  { title: 'Varnish', image: 'varnish', category: 'infrastructure', description: 'HTTP accelerator and caching reverse proxy.', tags: ['7.6', '7.5', '6.0'], sizeMb: 110, pullsM: 10, ports: ['80:80'] },
  { title: 'Docker Registry', image: 'registry', category: 'infrastructure', description: 'Private container image registry.', tags: ['2.8', '2.8.3'], sizeMb: 10, pullsM: 1000, ports: ['5000:5000'] },
  { title: 'RabbitMQ', image: 'rabbitmq', category: 'infrastructure', description: 'Message broker supporting AMQP, MQTT and STOMP.', tags: ['4.0-management', '4.0', '3.13-management', '3.13', '4.0-management-alpine'], sizeMb: 110, pullsM: 1000, ports: ['5672:5672', '15672:15672'] },
  { title: 'NATS', image: 'nats', category: 'infrastructure', description: 'Connective technology for cloud and edge messaging.', tags: ['2.10', '2.10-alpine'], sizeMb: 8, pullsM: 500, ports: ['4222:4222'] },
  { title: 'Apache Kafka', image: 'apache/kafka', category: 'infrastructure', description: 'Distributed event streaming platform.', tags: ['3.9.0', '3.8.1', '3.7.1'], sizeMb: 380, pullsM: 10, ports: ['9092:9092'] },
  { title: 'Apache ZooKeeper', image: 'zookeeper', category: 'infrastructure', description: 'Centralized coordination service for distributed systems.', tags: ['3.9', '3.8'], sizeMb: 140, pullsM: 100, ports: ['2181:2181'] },
  { title: 'MinIO', image: 'minio/minio', category: 'infrastructure', description: 'S3-compatible high-performance object storage.', tags: ['RELEASE.2024-11-07T00-52-20Z', 'latest'], sizeMb: 60, pullsM: 1000, ports: ['9000:9000', '9001:9001'] },
  { title: 'Consul', image: 'hashicorp/consul', category: 'infrastructure', description: 'Service discovery and service mesh.', tags: ['1.20', '1.19'], sizeMb: 60, pullsM: 100, ports: ['8500:8500'] },
  { title: 'Gitea', image: 'gitea/gitea', category: 'infrastructure', description: 'Lightweight self-hosted Git service.', tags: ['1.22', '1.22-rootless'], sizeMb: 70, pullsM: 100, ports: ['3000:3000', '2222:22'] },
  { title: 'GitLab CE', image: 'gitlab/gitlab-ce', category: 'infrastructure', description: 'Self-hosted DevOps platform: Git, CI/CD and registry.', tags: ['17.6.1-ce.0', '17.5.3-ce.0'], sizeMb: 1500, pullsM: 100, ports: ['80:80', '443:443'] },
  { title: 'Jenkins', image: 'jenkins/jenkins', category: 'infrastructure', description: 'Automation server for building, testing and deploying.', tags: ['lts', 'lts-jdk17', '2.479.2-lts'], sizeMb: 280, pullsM: 100, ports: ['8080:8080', '50000:50000'] },
  { title: 'Portainer CE', image: 'portainer/portainer-ce', category: 'infrastructure', description: 'Container management UI for Docker and Kubernetes.', tags: ['2.24.0', '2.21.4'], sizeMb: 95, pullsM: 100, ports: ['9443:9443'] },
  { title: 'Watchtower', image: 'containrrr/watchtower', category: 'infrastructure', description: 'Keeps running containers updated to their latest images.', tags: ['1.7.1'], sizeMb: 6, pullsM: 100 },
  { title: 'Node.js', image: 'node', category: 'infrastructure', description: 'JavaScript runtime for servers and tooling.', tags: ['22', '22-alpine', '20', '20-alpine', '18-alpine'], sizeMb: 400, pullsM: 1000 },
  { title: 'Python', image: 'python', category: 'infrastructure', description: 'Python runtime for applications and scripts.', tags: ['3.13', '3.13-slim', '3.12', '3.12-slim', '3.11-slim'], sizeMb: 380, pullsM: 1000 },
  { title: 'Go', image: 'golang', category: 'infrastructure', description: 'Go toolchain for building static binaries.', tags: ['1.23', '1.23-alpine', '1.22'], sizeMb: 300, pullsM: 1000 },
  { title: 'Eclipse Temurin', image: 'eclipse-temurin', category: 'infrastructure', description: 'OpenJDK runtime builds from Adoptium.', tags: ['21-jre', '17-jre', '21-jdk'], sizeMb: 90, pullsM: 500 },
  { title: 'Alpine Linux', image: 'alpine', category: 'infrastructure', description: 'Minimal Linux base image.', tags: ['3.21', '3.20'], sizeMb: 4, pullsM: 1000 },
  { title: 'Ubuntu', image: 'ubuntu', category: 'infrastructure', description: 'Ubuntu base image.', tags: ['24.04', '22.04'], sizeMb: 30, pullsM: 1000 },
  { title: 'Debian', image: 'debian', category: 'infrastructure', description: 'Debian base image.', tags: ['bookworm-slim', 'bookworm'], sizeMb: 30, pullsM: 1000 },
  { title: 'Cloudflare Tunnel', image: 'cloudflare/cloudflared', category: 'infrastructure', description: 'Expose local services through Cloudflare without opening ports.', tags: ['2024.11.1', '2024.10.1'], sizeMb: 25, pullsM: 100 },
  { title: 'Tailscale', image: 'tailscale/tailscale', category: 'infrastructure', description: 'WireGuard-based mesh VPN.', tags: ['v1.76.6', 'stable'], sizeMb: 40, pullsM: 100 },
  { title: 'WireGuard', image: 'linuxserver/wireguard', category: 'infrastructure', description: 'Fast, modern VPN tunnel.', tags: ['1.0.20210914'], sizeMb: 40, pullsM: 100, ports: ['51820:51820/udp'] },
  { title: 'Pi-hole', image: 'pihole/pihole', category: 'infrastructure', description: 'Network-wide DNS sinkhole for ads and trackers.', tags: ['2024.07.0'], sizeMb: 110, pullsM: 100, ports: ['53:53/udp', '8081:80'] },
  { title: 'AdGuard Home', image: 'adguard/adguardhome', category: 'infrastructure', description: 'Network-wide DNS ad and tracker blocking.', tags: ['v0.107.55'], sizeMb: 30, pullsM: 100, ports: ['53:53/udp', '3000:3000'] },
  { title: 'CoreDNS', image: 'coredns/coredns', category: 'infrastructure', description: 'DNS server that chains plugins.', tags: ['1.11.4', '1.11.3'], sizeMb: 20, pullsM: 100, ports: ['53:53/udp'] },
  { title: 'Nextcloud', image: 'nextcloud', category: 'infrastructure', description: 'Self-hosted file sync and collaboration.', tags: ['30', '29'], sizeMb: 420, pullsM: 500, ports: ['8082:80'] },
  { title: 'n8n', image: 'n8nio/n8n', category: 'infrastructure', description: 'Workflow automation with a visual editor.', tags: ['1.70.3', '1.69.2'], sizeMb: 180, pullsM: 100, ports: ['5678:5678'] },
  { title: 'Node-RED', image: 'nodered/node-red', category: 'infrastructure', description: 'Flow-based programming for the Internet of Things.', tags: ['4.0', '3.1'], sizeMb: 170, pullsM: 100, ports: ['1880:1880'] },
  { title: 'Eclipse Mosquitto', image: 'eclipse-mosquitto', category: 'infrastructure', description: 'Lightweight MQTT message broker.', tags: ['2.0', '2.0-openssl'], sizeMb: 5, pullsM: 500, ports: ['1883:1883'] },
  { title: 'Home Assistant', image: 'homeassistant/home-assistant', category: 'infrastructure', description: 'Open source home automation.', tags: ['2024.12', '2024.11'], sizeMb: 700, pullsM: 100 },
  { title: 'Temporal', image: 'temporalio/auto-setup', category: 'infrastructure', description: 'Durable execution platform for workflows.', tags: ['1.25', '1.24'], sizeMb: 180, pullsM: 10, ports: ['7233:7233'] },
  { title: 'SearXNG', image: 'searxng/searxng', category: 'infrastructure', description: 'Privacy-respecting metasearch engine.', tags: ['2024.12.1-8ba7f5f2'], sizeMb: 60, pullsM: 10, ports: ['8083:8080'] },
  // ---- ai ----
  { title: 'Ollama', image: 'ollama/ollama', category: 'ai', description: 'Run large language models locally with a simple API.', tags: ['0.5.1', '0.4.7', 'latest', 'rocm'], sizeMb: 1600, pullsM: 10, ports: ['11434:11434'] },
  { title: 'vLLM OpenAI Server', image: 'vllm/vllm-openai', category: 'ai', description: 'High-throughput LLM serving with an OpenAI-compatible API.', tags: ['v0.6.4', 'v0.6.3'], sizeMb: 9000, pullsM: 10, ports: ['8000:8000'] },
  { title: 'Open WebUI', image: 'ghcr.io/open-webui/open-webui', category: 'ai', description: 'Self-hosted chat interface for Ollama and OpenAI-compatible APIs.', tags: ['main', 'cuda', 'ollama'], sizeMb: 1700, pullsM: 10, ports: ['3001:8080'] },
  { title: 'LocalAI', image: 'localai/localai', category: 'ai', description: 'Drop-in OpenAI-compatible API running models locally.', tags: ['latest-aio-cpu', 'latest-aio-gpu-nvidia-cuda-12'], sizeMb: 5200, pullsM: 1, ports: ['8084:8080'] },
  { title: 'Text Generation Inference', image: 'ghcr.io/huggingface/text-generation-inference', category: 'ai', description: 'Hugging Face\'s production LLM inference server.', tags: ['3.0.0', '2.4.1'], sizeMb: 5800, pullsM: 1, ports: ['8085:80'] },
  { title: 'Text Embeddings Inference', image: 'ghcr.io/huggingface/text-embeddings-inference', category: 'ai', description: 'Fast inference server for embedding models.', tags: ['cpu-1.5', '1.5'], sizeMb: 900, pullsM: 1, ports: ['8086:80'] },
  { title: 'llama.cpp Server', image: 'ghcr.io/ggerganov/llama.cpp', category: 'ai', description: 'LLM inference in C/C++ with an OpenAI-compatible server.', tags: ['server', 'server-cuda', 'full'], sizeMb: 250, pullsM: 1, ports: ['8087:8080'] },
  { title: 'NVIDIA Triton Inference Server', image: 'nvcr.io/nvidia/tritonserver', category: 'ai', description: 'Serve models from any framework on GPU or CPU.', tags: ['24.11-py3', '24.10-py3'], sizeMb: 7600, pullsM: 1 },
  { title: 'PyTorch', image: 'pytorch/pytorch', category: 'ai', description: 'PyTorch runtime with CUDA and cuDNN.', tags: ['2.5.1-cuda12.4-cudnn9-runtime', '2.4.1-cuda12.1-cudnn9-runtime'], sizeMb: 3600, pullsM: 10 },
  { title: 'TensorFlow', image: 'tensorflow/tensorflow', category: 'ai', description: 'End-to-end machine learning platform.', tags: ['2.18.0', '2.18.0-gpu'], sizeMb: 1900, pullsM: 50 },
  { title: 'Jupyter PyTorch Notebook', image: 'quay.io/jupyter/pytorch-notebook', category: 'ai', description: 'JupyterLab with PyTorch preinstalled.', tags: ['latest', 'cuda12-latest'], sizeMb: 2500, pullsM: 1, ports: ['8888:8888'] },
  { title: 'Jupyter SciPy Notebook', image: 'quay.io/jupyter/scipy-notebook', category: 'ai', description: 'JupyterLab with the scientific Python stack.', tags: ['latest'], sizeMb: 1500, pullsM: 1, ports: ['8888:8888'] },
  { title: 'MLflow', image: 'ghcr.io/mlflow/mlflow', category: 'ai', description: 'Track experiments and manage the ML lifecycle.', tags: ['v2.18.0', 'v2.17.2'], sizeMb: 500, pullsM: 1, ports: ['5001:5000'] },
  { title: 'Langfuse', image: 'langfuse/langfuse', category: 'ai', description: 'Open source LLM engineering platform: traces, evals, prompts.', tags: ['2', '3'], sizeMb: 320, pullsM: 1, ports: ['3002:3000'] },
  { title: 'Flowise', image: 'flowiseai/flowise', category: 'ai', description: 'Build LLM flows and agents with a drag-and-drop UI.', tags: ['2.2.1'], sizeMb: 600, pullsM: 1, ports: ['3003:3000'] },
  { title: 'Dify API', image: 'langgenius/dify-api', category: 'ai', description: 'Backend of the Dify LLM app development platform.', tags: ['0.13.1'], sizeMb: 900, pullsM: 1 },
  { title: 'Whisper ASR Webservice', image: 'onerahmet/openai-whisper-asr-webservice', category: 'ai', description: 'Speech recognition with OpenAI Whisper over HTTP.', tags: ['v1.6.0', 'v1.6.0-gpu'], sizeMb: 2100, pullsM: 1, ports: ['9002:9000'] },
  { title: 'AnythingLLM', image: 'mintplexlabs/anythingllm', category: 'ai', description: 'All-in-one AI app: chat with documents, agents, RAG.', tags: ['latest'], sizeMb: 1200, pullsM: 1, ports: ['3004:3001'] },
  { title: 'LiteLLM Proxy', image: 'ghcr.io/berriai/litellm', category: 'ai', description: 'OpenAI-compatible gateway to 100+ LLM providers.', tags: ['main-stable'], sizeMb: 700, pullsM: 1, ports: ['4000:4000'] },
  // ---- security ----
  { title: 'HashiCorp Vault', image: 'hashicorp/vault', category: 'security', description: 'Secrets management, encryption as a service and PKI.', tags: ['1.18', '1.17'], sizeMb: 150, pullsM: 100, ports: ['8200:8200'] },
  { title: 'OpenBao', image: 'openbao/openbao', category: 'security', description: 'Open source fork of Vault for managing secrets.', tags: ['2.1', '2.0'], sizeMb: 140, pullsM: 1, ports: ['8200:8200'] },
  { title: 'Keycloak', image: 'quay.io/keycloak/keycloak', category: 'security', description: 'Identity and access management with SSO.', tags: ['26.0', '25.0'], sizeMb: 440, pullsM: 100, ports: ['8088:8080'] },
  { title: 'authentik', image: 'ghcr.io/goauthentik/server', category: 'security', description: 'Identity provider with SSO, MFA and proxy auth.', tags: ['2024.10', '2024.8'], sizeMb: 650, pullsM: 10 },
  { title: 'Authelia', image: 'authelia/authelia', category: 'security', description: 'Single sign-on and two-factor authentication portal.', tags: ['4.38'], sizeMb: 30, pullsM: 10, ports: ['9091:9091'] },
  { title: 'CrowdSec', image: 'crowdsecurity/crowdsec', category: 'security', description: 'Collaborative intrusion detection and prevention.', tags: ['v1.6.4', 'v1.6.3'], sizeMb: 80, pullsM: 10 },
  { title: 'Trivy', image: 'aquasec/trivy', category: 'security', description: 'Vulnerability scanner for images, filesystems and IaC.', tags: ['0.57.1', '0.56.2'], sizeMb: 60, pullsM: 100 },
  { title: 'Grype', image: 'anchore/grype', category: 'security', description: 'Vulnerability scanner for container images and SBOMs.', tags: ['v0.84.0'], sizeMb: 25, pullsM: 10 },
  { title: 'Syft', image: 'anchore/syft', category: 'security', description: 'Generate software bills of materials from images.', tags: ['v1.17.0'], sizeMb: 20, pullsM: 10 },
  { title: 'Falco', image: 'falcosecurity/falco', category: 'security', description: 'Cloud-native runtime threat detection.', tags: ['0.39.2', '0.38.2'], sizeMb: 120, pullsM: 10 },
  { title: 'Wazuh Manager', image: 'wazuh/wazuh-manager', category: 'security', description: 'Security monitoring: XDR and SIEM.', tags: ['4.9.2', '4.8.2'], sizeMb: 700, pullsM: 10 },
  { title: 'Vaultwarden', image: 'vaultwarden/server', category: 'security', description: 'Bitwarden-compatible password manager server.', tags: ['1.32.5', '1.32.5-alpine'], sizeMb: 90, pullsM: 100, ports: ['8089:80'] },
  { title: 'OAuth2 Proxy', image: 'quay.io/oauth2-proxy/oauth2-proxy', category: 'security', description: 'Reverse proxy adding OAuth2/OIDC login to any app.', tags: ['v7.7.1', 'v7.6.0'], sizeMb: 15, pullsM: 10, ports: ['4180:4180'] },
  { title: 'step-ca', image: 'smallstep/step-ca', category: 'security', description: 'Private certificate authority with ACME.', tags: ['0.28.1'], sizeMb: 35, pullsM: 10, ports: ['9003:9000'] },
  { title: 'OpenLDAP', image: 'osixia/openldap', category: 'security', description: 'LDAP directory server.', tags: ['1.5.0'], sizeMb: 90, pullsM: 100, ports: ['389:389'] },
  { title: 'ClamAV', image: 'clamav/clamav', category: 'security', description: 'Open source antivirus engine.', tags: ['1.4', 'stable'], sizeMb: 120, pullsM: 10, ports: ['3310:3310'] },
  { title: 'ZAP', image: 'zaproxy/zap-stable', category: 'security', description: 'OWASP web application security scanner.', tags: ['2.15.0', 'latest'], sizeMb: 800, pullsM: 10 },
  { title: 'Suricata', image: 'jasonish/suricata', category: 'security', description: 'Network IDS, IPS and security monitoring engine.', tags: ['7.0', '6.0'], sizeMb: 130, pullsM: 1 },
  { title: 'ModSecurity CRS', image: 'owasp/modsecurity-crs', category: 'security', description: 'Web application firewall with the OWASP Core Rule Set.', tags: ['nginx', 'apache', 'nginx-alpine'], sizeMb: 70, pullsM: 10, ports: ['8090:8080'] },
  { title: 'Infisical', image: 'infisical/infisical', category: 'security', description: 'Open source secrets management platform.', tags: ['latest-postgres'], sizeMb: 400, pullsM: 1, ports: ['8091:8080'] },
  { title: 'Fail2ban', image: 'linuxserver/fail2ban', category: 'security', description: 'Bans hosts that show malicious signs in logs.', tags: ['1.1.0'], sizeMb: 40, pullsM: 1 },
  { title: 'Teleport', image: 'public.ecr.aws/gravitational/teleport-distroless', category: 'security', description: 'Identity-based access to servers, databases and Kubernetes.', tags: ['16.4', '17.0'], sizeMb: 140, pullsM: 1 },
  // ---- monitoring ----
  { title: 'Prometheus', image: 'prom/prometheus', category: 'monitoring', description: 'Metrics collection and alerting toolkit.', tags: ['v3.0.1', 'v2.55.1', 'v2.53.3'], sizeMb: 110, pullsM: 1000, ports: ['9090:9090'] },
  { title: 'Grafana', image: 'grafana/grafana', category: 'monitoring', description: 'Dashboards and visualisation for metrics, logs and traces.', tags: ['11.3.1', '11.3.1-ubuntu', '11.2.4', '10.4.12'], sizeMb: 140, pullsM: 1000, ports: ['3005:3000'] },
  { title: 'Alertmanager', image: 'prom/alertmanager', category: 'monitoring', description: 'Routes and deduplicates Prometheus alerts.', tags: ['v0.27.0'], sizeMb: 30, pullsM: 500, ports: ['9093:9093'] },
  { title: 'Node Exporter', image: 'prom/node-exporter', category: 'monitoring', description: 'Prometheus exporter for host hardware and OS metrics.', tags: ['v1.8.2', 'v1.7.0'], sizeMb: 12, pullsM: 1000, ports: ['9100:9100'] },
  { title: 'Blackbox Exporter', image: 'prom/blackbox-exporter', category: 'monitoring', description: 'Probe endpoints over HTTP, DNS, TCP and ICMP.', tags: ['v0.25.0'], sizeMb: 12, pullsM: 100, ports: ['9115:9115'] },
  { title: 'cAdvisor', image: 'gcr.io/cadvisor/cadvisor', category: 'monitoring', description: 'Resource usage and performance of running containers.', tags: ['v0.49.1', 'v0.47.2'], sizeMb: 40, pullsM: 100, ports: ['8092:8080'] },
  { title: 'Grafana Loki', image: 'grafana/loki', category: 'monitoring', description: 'Horizontally scalable log aggregation.', tags: ['3.3.0', '2.9.10'], sizeMb: 30, pullsM: 500, ports: ['3100:3100'] },
  { title: 'Promtail', image: 'grafana/promtail', category: 'monitoring', description: 'Ships local logs to Loki.', tags: ['3.3.0', '2.9.10'], sizeMb: 70, pullsM: 500 },
  { title: 'Grafana Tempo', image: 'grafana/tempo', category: 'monitoring', description: 'Distributed tracing backend.', tags: ['2.6.1'], sizeMb: 40, pullsM: 10, ports: ['3200:3200'] },
  { title: 'Grafana Alloy', image: 'grafana/alloy', category: 'monitoring', description: 'OpenTelemetry collector distribution with Prometheus pipelines.', tags: ['v1.5.0'], sizeMb: 150, pullsM: 10, ports: ['12345:12345'] },
  { title: 'Grafana Mimir', image: 'grafana/mimir', category: 'monitoring', description: 'Scalable long-term storage for Prometheus metrics.', tags: ['2.14.2'], sizeMb: 40, pullsM: 10 },
  { title: 'Jaeger', image: 'jaegertracing/all-in-one', category: 'monitoring', description: 'End-to-end distributed tracing.', tags: ['1.63.0', '1.62.0'], sizeMb: 30, pullsM: 100, ports: ['16686:16686'] },
  { title: 'OpenTelemetry Collector', image: 'otel/opentelemetry-collector-contrib', category: 'monitoring', description: 'Receive, process and export telemetry data.', tags: ['0.114.0', '0.113.0'], sizeMb: 90, pullsM: 100, ports: ['4317:4317', '4318:4318'] },
  { title: 'Uptime Kuma', image: 'louislam/uptime-kuma', category: 'monitoring', description: 'Self-hosted uptime monitoring.', tags: ['1.23.16', '2.0.0-beta.0'], sizeMb: 170, pullsM: 100, ports: ['3006:3001'] },
  { title: 'Netdata', image: 'netdata/netdata', category: 'monitoring', description: 'Real-time per-second infrastructure monitoring.', tags: ['v2.0.3', 'stable'], sizeMb: 220, pullsM: 100, ports: ['19999:19999'] },
  { title: 'Zabbix Server', image: 'zabbix/zabbix-server-pgsql', category: 'monitoring', description: 'Enterprise monitoring for networks and applications.', tags: ['alpine-7.0-latest', 'alpine-6.0-latest'], sizeMb: 40, pullsM: 100, ports: ['10051:10051'] },
  { title: 'Telegraf', image: 'telegraf', category: 'monitoring', description: 'Plugin-driven agent for collecting and sending metrics.', tags: ['1.32', '1.32-alpine'], sizeMb: 90, pullsM: 500 },
  { title: 'VictoriaMetrics', image: 'victoriametrics/victoria-metrics', category: 'monitoring', description: 'Fast, cost-effective time series database for monitoring.', tags: ['v1.107.0', 'v1.106.1'], sizeMb: 20, pullsM: 100, ports: ['8428:8428'] },
  { title: 'Kibana', image: 'docker.elastic.co/kibana/kibana', category: 'monitoring', description: 'Visualise and explore Elasticsearch data.', tags: ['8.16.1', '7.17.25'], sizeMb: 450, pullsM: 500, ports: ['5601:5601'] },
  { title: 'Fluent Bit', image: 'fluent/fluent-bit', category: 'monitoring', description: 'Fast, lightweight log and metrics processor.', tags: ['3.2', '3.1'], sizeMb: 40, pullsM: 1000 },
  { title: 'Fluentd', image: 'fluent/fluentd', category: 'monitoring', description: 'Unified logging layer.', tags: ['v1.17-1'], sizeMb: 45, pullsM: 100, ports: ['24224:24224'] },
  { title: 'Vector', image: 'timberio/vector', category: 'monitoring', description: 'High-performance observability data pipeline.', tags: ['0.43.0-alpine', '0.43.0-debian'], sizeMb: 50, pullsM: 100 },
  { title: 'Thanos', image: 'quay.io/thanos/thanos', category: 'monitoring', description: 'Highly available Prometheus with long-term storage.', tags: ['v0.36.1'], sizeMb: 40, pullsM: 10 },
  { title: 'PostgreSQL Exporter', image: 'prometheuscommunity/postgres-exporter', category: 'monitoring', description: 'Prometheus exporter for PostgreSQL server metrics.', tags: ['v0.16.0'], sizeMb: 10, pullsM: 100, ports: ['9187:9187'] },
  { title: 'Redis Exporter', image: 'oliver006/redis_exporter', category: 'monitoring', description: 'Prometheus exporter for Redis metrics.', tags: ['v1.66.0'], sizeMb: 5, pullsM: 100, ports: ['9121:9121'] },
  { title: 'MySQL Exporter', image: 'prom/mysqld-exporter', category: 'monitoring', description: 'Prometheus exporter for MySQL server metrics.', tags: ['v0.16.0'], sizeMb: 10, pullsM: 100, ports: ['9104:9104'] },
  { title: 'NVIDIA DCGM Exporter', image: 'nvcr.io/nvidia/k8s/dcgm-exporter', category: 'monitoring', description: 'GPU metrics for Prometheus.', tags: ['3.3.9-3.6.1-ubuntu22.04'], sizeMb: 600, pullsM: 1, ports: ['9400:9400'] },
  { title: 'Graylog', image: 'graylog/graylog', category: 'monitoring', description: 'Centralised log management.', tags: ['6.1', '6.0'], sizeMb: 400, pullsM: 10, ports: ['9004:9000'] },
  { title: 'Healthchecks', image: 'healthchecks/healthchecks', category: 'monitoring', description: 'Cron job and scheduled task monitoring.', tags: ['v3.7'], sizeMb: 80, pullsM: 1, ports: ['8093:8000'] },
  { title: 'Gotify', image: 'gotify/server', category: 'monitoring', description: 'Self-hosted push notifications for alerts.', tags: ['2.6'], sizeMb: 15, pullsM: 10, ports: ['8094:80'] },
  { title: 'ntfy', image: 'binwiederhier/ntfy', category: 'monitoring', description: 'HTTP-based pub-sub notifications.', tags: ['v2.11.0'], sizeMb: 20, pullsM: 10, ports: ['8095:80'] },
];

const models: ModelFamily[] = [
  { title: 'Llama 3.2', model: 'llama3.2', description: 'Meta\'s small multilingual models for dialogue, retrieval and summarisation.', sizes: [['1b', 1.24], ['3b', 3.21]], quantInfix: 'instruct', version: '3.2.0', pullsM: 20 },
  { title: 'Llama 3.1', model: 'llama3.1', description: 'Meta\'s state-of-the-art open models with 128K context and tool use.', sizes: [['8b', 8.03], ['70b', 70.6], ['405b', 405]], quantInfix: 'instruct', version: '3.1.0', pullsM: 30 },
  { title: 'Llama 3.3', model: 'llama3.3', description: 'Meta\'s 70B model with performance similar to Llama 3.1 405B.', sizes: [['70b', 70.6]], quantInfix: 'instruct', version: '3.3.0', pullsM: 2 },
  { title: 'Llama 3', model: 'llama3', description: 'Meta Llama 3, the previous generation of capable open models.', sizes: [['8b', 8.03], ['70b', 70.6]], quantInfix: 'instruct', version: '3.0.0', pullsM: 8 },
  { title: 'Llama 2', model: 'llama2', description: 'Meta\'s foundation chat models, 7B to 70B parameters.', sizes: [['7b', 6.74], ['13b', 13], ['70b', 69]], quantInfix: 'chat', version: '2.0.0', pullsM: 3 },
  { title: 'Qwen 2.5', model: 'qwen2.5', description: 'Alibaba\'s multilingual models with 128K context and strong coding and math.', sizes: [['0.5b', 0.49], ['1.5b', 1.54], ['3b', 3.09], ['7b', 7.62], ['14b', 14.8], ['32b', 32.8], ['72b', 72.7]], quantInfix: 'instruct', version: '2.5.0', pullsM: 6 },
  { title: 'Qwen 2.5 Coder', model: 'qwen2.5-coder', description: 'Code-specific Qwen models for generation, reasoning and fixing.', sizes: [['0.5b', 0.49], ['1.5b', 1.54], ['3b', 3.09], ['7b', 7.62], ['14b', 14.8], ['32b', 32.8]], quantInfix: 'instruct', version: '2.5.0', pullsM: 4 },
  { title: 'Qwen 2', model: 'qwen2', description: 'Alibaba\'s second-generation multilingual language models.', sizes: [['0.5b', 0.49], ['1.5b', 1.54], ['7b', 7.62], ['72b', 72.7]], quantInfix: 'instruct', version: '2.0.0', pullsM: 4 },
  { title: 'Qwen 3', model: 'qwen3', description: 'Alibaba\'s dense and mixture-of-experts models with thinking mode.', sizes: [['0.6b', 0.75], ['1.7b', 2.03], ['4b', 4.02], ['8b', 8.19], ['14b', 14.8], ['30b', 30.5], ['32b', 32.8], ['235b', 235]], quantInfix: '', version: '3.0.0', pullsM: 5 },
  { title: 'Gemma 2', model: 'gemma2', description: 'Google\'s efficient open models in 2B, 9B and 27B sizes.', sizes: [['2b', 2.61], ['9b', 9.24], ['27b', 27.2]], quantInfix: 'instruct', version: '2.0.0', pullsM: 4 },
  { title: 'Gemma 3', model: 'gemma3', description: 'Google\'s multimodal models that run on a single GPU.', sizes: [['1b', 1.0], ['4b', 4.3], ['12b', 12.2], ['27b', 27.4]], quantInfix: 'it', version: '3.0.0', pullsM: 5 },
  { title: 'Mistral', model: 'mistral', description: 'Mistral AI\'s 7B model, strong for its size.', sizes: [['7b', 7.25]], quantInfix: 'instruct', version: '0.3.0', pullsM: 12 },
  { title: 'Mixtral', model: 'mixtral', description: 'Mistral AI\'s sparse mixture-of-experts models.', sizes: [['8x7b', 46.7], ['8x22b', 141]], quantInfix: 'instruct-v0.1', version: '0.1.0', pullsM: 1 },
  { title: 'Phi-4', model: 'phi4', description: 'Microsoft\'s 14B model trained on high-quality synthetic data.', sizes: [['14b', 14.7]], quantInfix: '', version: '4.0.0', pullsM: 2 },
  { title: 'Code Llama', model: 'codellama', description: 'Meta\'s Llama models specialised for code generation.', sizes: [['7b', 6.74], ['13b', 13], ['34b', 33.7], ['70b', 69]], quantInfix: 'instruct', version: '1.0.0', pullsM: 2 },
  { title: 'Llama 3.2 Vision', model: 'llama3.2-vision', description: 'Meta\'s image-reasoning models in 11B and 90B sizes.', sizes: [['11b', 10.7], ['90b', 88.6]], quantInfix: 'instruct', version: '3.2.0', pullsM: 2 },
  { title: 'TinyLlama', model: 'tinyllama', description: 'A compact 1.1B Llama model trained on 3 trillion tokens.', sizes: [['1.1b', 1.1]], quantInfix: 'chat-v1', version: '1.0.0', pullsM: 2 },
  { title: 'SmolLM2', model: 'smollm2', description: 'Hugging Face\'s compact models for on-device use.', sizes: [['135m', 0.135], ['360m', 0.362], ['1.7b', 1.71]], quantInfix: 'instruct', version: '2.0.0', pullsM: 1 },
  { title: 'Granite 3.1 Dense', model: 'granite3.1-dense', description: 'IBM\'s dense models for tool use, RAG and code.', sizes: [['2b', 2.53], ['8b', 8.17]], quantInfix: 'instruct', version: '3.1.0', pullsM: 1 },
  { title: 'Granite 3.1 MoE', model: 'granite3.1-moe', description: 'IBM\'s mixture-of-experts models for low latency.', sizes: [['1b', 1.33], ['3b', 3.3]], quantInfix: 'instruct', version: '3.1.0', pullsM: 1 },
  { title: 'QwQ', model: 'qwq', description: 'Qwen\'s reasoning model.', sizes: [['32b', 32.8]], quantInfix: '', version: '1.0.0', pullsM: 1 },
  { title: 'DeepSeek Coder', model: 'deepseek-coder', description: 'Code models trained on 2 trillion code and language tokens.', sizes: [['1.3b', 1.35], ['6.7b', 6.74], ['33b', 33.3]], quantInfix: 'instruct', version: '1.0.0', pullsM: 1 },
  { title: 'DeepSeek-R1', model: 'deepseek-r1', description: 'DeepSeek\'s open reasoning models and distillations.', sizes: [['1.5b', 1.78], ['7b', 7.62], ['8b', 8.03], ['14b', 14.8], ['32b', 32.8], ['70b', 70.6], ['671b', 671]], version: '1.0.0', pullsM: 40 },
  { title: 'DeepSeek-V3', model: 'deepseek-v3', description: 'DeepSeek\'s 671B mixture-of-experts model.', sizes: [['671b', 671]], version: '3.0.0', pullsM: 1 },
  { title: 'DeepSeek Coder V2', model: 'deepseek-coder-v2', description: 'Mixture-of-experts code model comparable to GPT-4 Turbo on code.', sizes: [['16b', 15.7], ['236b', 236]], version: '2.0.0', pullsM: 1 },
  { title: 'LLaVA', model: 'llava', description: 'Vision encoder plus Vicuna for visual and language understanding.', sizes: [['7b', 7.24], ['13b', 13.4], ['34b', 34.8]], version: '1.6.0', pullsM: 3 },
  { title: 'Nomic Embed Text', model: 'nomic-embed-text', description: 'High-performing open embedding model with a large context window.', sizes: [['v1.5', 0.137]], version: '1.5.0', pullsM: 20 },
  { title: 'mxbai-embed-large', model: 'mxbai-embed-large', description: 'State-of-the-art large embedding model from mixedbread.ai.', sizes: [['335m', 0.335]], version: '1.0.0', pullsM: 3 },
  { title: 'all-MiniLM', model: 'all-minilm', description: 'Sentence embedding models trained on very large datasets.', sizes: [['22m', 0.023], ['33m', 0.033]], version: '1.0.0', pullsM: 1 },
  { title: 'BGE-M3', model: 'bge-m3', description: 'Multilingual, multi-granularity embeddings from BAAI.', sizes: [['567m', 0.567]], version: '3.0.0', pullsM: 1 },
  { title: 'Snowflake Arctic Embed', model: 'snowflake-arctic-embed', description: 'Text embedding models optimised for retrieval.', sizes: [['22m', 0.023], ['33m', 0.033], ['110m', 0.11], ['137m', 0.137], ['335m', 0.335]], version: '1.0.0', pullsM: 1 },
  { title: 'StarCoder2', model: 'starcoder2', description: 'Transparently trained open code models.', sizes: [['3b', 3.03], ['7b', 7.17], ['15b', 16]], version: '2.0.0', pullsM: 1 },
  { title: 'CodeGemma', model: 'codegemma', description: 'Google\'s lightweight models for code completion and generation.', sizes: [['2b', 2.51], ['7b', 8.54]], version: '1.0.0', pullsM: 1 },
  { title: 'Command R', model: 'command-r', description: 'Cohere\'s model for conversational RAG and tool use.', sizes: [['35b', 32.3]], version: '1.0.0', pullsM: 1 },
  { title: 'Command R+', model: 'command-r-plus', description: 'Cohere\'s larger model for enterprise RAG workflows.', sizes: [['104b', 104]], version: '1.0.0', pullsM: 1 },
  { title: 'Moondream 2', model: 'moondream', description: 'Small vision language model for edge devices.', sizes: [['1.8b', 1.87]], version: '2.0.0', pullsM: 1 },
  { title: 'Dolphin 3', model: 'dolphin3', description: 'General-purpose instruct model for coding, math and agents.', sizes: [['8b', 8.03]], version: '3.0.0', pullsM: 1 },
  { title: 'Dolphin Mixtral', model: 'dolphin-mixtral', description: 'Uncensored Mixtral fine-tune, strong at coding.', sizes: [['8x7b', 46.7], ['8x22b', 141]], version: '2.7.0', pullsM: 1 },
  { title: 'WizardLM 2', model: 'wizardlm2', description: 'Microsoft AI\'s model for chat, reasoning and agents.', sizes: [['7b', 7.24], ['8x22b', 141]], version: '2.0.0', pullsM: 1 },
  { title: 'Hermes 3', model: 'hermes3', description: 'Nous Research\'s Llama 3.1 fine-tune with function calling.', sizes: [['3b', 3.21], ['8b', 8.03], ['70b', 70.6], ['405b', 405]], version: '3.0.0', pullsM: 1 },
  { title: 'Falcon 3', model: 'falcon3', description: 'TII\'s efficient models for science, math and code.', sizes: [['1b', 1.67], ['3b', 3.23], ['7b', 7.46], ['10b', 10.3]], version: '3.0.0', pullsM: 1 },
  { title: 'OLMo 2', model: 'olmo2', description: 'AI2\'s fully open language models.', sizes: [['7b', 7.3], ['13b', 13.7]], version: '2.0.0', pullsM: 1 },
  { title: 'Yi', model: 'yi', description: '01.AI\'s bilingual English/Chinese models.', sizes: [['6b', 6.06], ['9b', 8.83], ['34b', 34.4]], version: '1.5.0', pullsM: 1 },
  { title: 'EXAONE 3.5', model: 'exaone3.5', description: 'LG AI Research\'s bilingual instruction models.', sizes: [['2.4b', 2.67], ['7.8b', 7.82], ['32b', 32]], version: '3.5.0', pullsM: 1 },
  { title: 'Nemotron', model: 'nemotron', description: 'NVIDIA\'s Llama 3.1 70B tuned for helpfulness.', sizes: [['70b', 70.6]], version: '1.0.0', pullsM: 1 },
  { title: 'Nemotron Mini', model: 'nemotron-mini', description: 'NVIDIA\'s small model for roleplay, RAG and function calling.', sizes: [['4b', 4.19]], version: '1.0.0', pullsM: 1 },
  { title: 'Aya Expanse', model: 'aya-expanse', description: 'Cohere\'s multilingual models covering 23 languages.', sizes: [['8b', 8.03], ['32b', 32.3]], version: '1.0.0', pullsM: 1 },
  { title: 'Mathstral', model: 'mathstral', description: 'Mistral AI\'s model for math reasoning.', sizes: [['7b', 7.25]], version: '0.1.0', pullsM: 1 },
  { title: 'SQLCoder', model: 'sqlcoder', description: 'Text-to-SQL model fine-tuned from StarCoder.', sizes: [['7b', 7.0], ['15b', 15.5]], version: '2.0.0', pullsM: 1 },
  { title: 'Stable Code', model: 'stable-code', description: 'Stability AI\'s 3B code completion model.', sizes: [['3b', 2.8]], version: '1.0.0', pullsM: 1 },
  { title: 'Llama Guard 3', model: 'llama-guard3', description: 'Classifies LLM prompts and responses for safety.', sizes: [['1b', 1.5], ['8b', 8.03]], version: '3.0.0', pullsM: 1 },
  { title: 'ShieldGemma', model: 'shieldgemma', description: 'Google\'s safety content classifiers built on Gemma 2.', sizes: [['2b', 2.61], ['9b', 9.24], ['27b', 27.2]], version: '1.0.0', pullsM: 1 },
  { title: 'Reader-LM', model: 'reader-lm', description: 'Jina AI\'s models converting HTML to Markdown.', sizes: [['0.5b', 0.49], ['1.5b', 1.54]], version: '1.0.0', pullsM: 1 },
  { title: 'MiniCPM-V', model: 'minicpm-v', description: 'Multimodal model for vision and language understanding.', sizes: [['8b', 8.1]], version: '2.6.0', pullsM: 1 },
  { title: 'BakLLaVA', model: 'bakllava', description: 'Mistral 7B augmented with the LLaVA architecture.', sizes: [['7b', 7.24]], version: '1.0.0', pullsM: 1 },
  { title: 'LLaVA Llama 3', model: 'llava-llama3', description: 'LLaVA fine-tuned from Llama 3 Instruct.', sizes: [['8b', 8.03]], version: '1.1.0', pullsM: 1 },
  { title: 'LLaVA Phi-3', model: 'llava-phi3', description: 'Small LLaVA model fine-tuned from Phi-3 Mini.', sizes: [['3.8b', 3.82]], version: '1.0.0', pullsM: 1 },
  { title: 'Granite Code', model: 'granite-code', description: 'IBM\'s open foundation models for code intelligence.', sizes: [['3b', 3.48], ['8b', 8.05], ['20b', 20.1], ['34b', 33.7]], version: '1.0.0', pullsM: 1 },
  { title: 'Codestral', model: 'codestral', description: 'Mistral AI\'s 22B code model.', sizes: [['22b', 22.2]], version: '0.1.0', pullsM: 1 },
  { title: 'Mistral Small', model: 'mistral-small', description: 'Mistral AI\'s efficient mid-size model.', sizes: [['22b', 22.2], ['24b', 23.6]], version: '3.0.0', pullsM: 1 },
  { title: 'Mistral Large 2', model: 'mistral-large', description: 'Mistral AI\'s flagship 123B model.', sizes: [['123b', 123]], version: '2.0.0', pullsM: 1 },
  { title: 'Mistral Nemo', model: 'mistral-nemo', description: '12B model with 128K context, built with NVIDIA.', sizes: [['12b', 12.2]], version: '1.0.0', pullsM: 2 },
  { title: 'Phi-3', model: 'phi3', description: 'Microsoft\'s lightweight 3.8B and 14B models.', sizes: [['3.8b', 3.82], ['14b', 14]], version: '3.0.0', pullsM: 3 },
  { title: 'Phi-3.5', model: 'phi3.5', description: 'Microsoft\'s 3.8B model outperforming larger models.', sizes: [['3.8b', 3.82]], version: '3.5.0', pullsM: 1 },
  { title: 'Gemma', model: 'gemma', description: 'Google\'s first-generation lightweight open models.', sizes: [['2b', 2.51], ['7b', 8.54]], version: '1.1.0', pullsM: 4 },
  { title: 'Qwen 2 Math', model: 'qwen2-math', description: 'Qwen math models that outperform larger general models.', sizes: [['1.5b', 1.54], ['7b', 7.62], ['72b', 72.7]], version: '2.0.0', pullsM: 1 },
  { title: 'Orca Mini', model: 'orca-mini', description: 'General-purpose Llama models for entry-level hardware.', sizes: [['3b', 3.43], ['7b', 6.74], ['13b', 13]], version: '1.0.0', pullsM: 1 },
  { title: 'Vicuna', model: 'vicuna', description: 'Chat assistant trained on Llama with ShareGPT conversations.', sizes: [['7b', 6.74], ['13b', 13]], version: '1.5.0', pullsM: 1 },
  { title: 'OpenChat', model: 'openchat', description: 'Open models fine-tuned with C-RLFT.', sizes: [['7b', 7.24]], version: '3.5.0', pullsM: 1 },
  { title: 'Zephyr', model: 'zephyr', description: 'Mistral fine-tunes trained to act as helpful assistants.', sizes: [['7b', 7.24]], version: '1.0.0', pullsM: 1 },
  { title: 'Neural Chat', model: 'neural-chat', description: 'Intel\'s Mistral fine-tune with good domain coverage.', sizes: [['7b', 7.24]], version: '3.3.0', pullsM: 1 },
  { title: 'SOLAR', model: 'solar', description: 'Upstage\'s compact 10.7B model for single-turn chat.', sizes: [['10.7b', 10.7]], version: '1.0.0', pullsM: 1 },
  { title: 'InternLM 2.5', model: 'internlm2', description: 'Shanghai AI Lab\'s model with outstanding reasoning.', sizes: [['7b', 7.74]], version: '2.5.0', pullsM: 1 },
];

/** A stable UUID-shaped id for a catalog entry (CONTRACT §Identity: ids are UUID strings). */
function packageId(key: string): string {
  const h = createHash('sha256').update(`marketplace:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Deterministic spread of download counts around a family's popularity. */
function downloadsFor(key: string, pullsM: number, rank: number): number {
  const h = parseInt(createHash('sha256').update(key).digest('hex').slice(0, 8), 16) / 0xffffffff;
  const base = pullsM * 1_000_000 * (0.004 + 0.02 * h);
  return Math.max(120, Math.round(base / (1 + rank * 0.6)));
}

function formatSize(mb: number): string {
  if (mb >= 1024) return `${(mb / 1024).toFixed(mb >= 10240 ? 0 : 1)} GB`;
  return `${Math.max(1, Math.round(mb))} MB`;
}

/** `16.6-alpine` → `16.6`; `v3.0.1` → `3.0.1`; `lts`/`main`/`latest` → the default 1.0.0 (SPEC §9). */
function versionOfTag(tag: string): string {
  const m = /^v?(\d+(?:\.\d+){0,2})/.exec(tag);
  if (!m) return DEFAULT_PACKAGE_VERSION;
  const parts = m[1].split('.');
  while (parts.length < 3) parts.push('0');
  return parts.join('.');
}

/** How each container package runs: published ports and required environment. */
const containerSettings = new Map<string, { name: string; ports?: string[]; env?: Record<string, string> }>();

/** A container name from the image: `docker.elastic.co/kibana/kibana` → `kibana`. */
function containerName(image: string): string {
  return (image.split('/').pop() ?? image).replace(/[^a-zA-Z0-9_.-]/g, '-');
}

function expandImages(): Package[] {
  return images.flatMap((f) =>
    f.tags.map((tag, rank) => {
      const source = `${f.image}:${tag}`;
      containerSettings.set(source, { name: containerName(f.image), ports: f.ports, env: f.env });
      const variant = /alpine|slim|rootless|distroless/.exec(tag)?.[0];
      const sizeMb = f.sizeMb * (variant === 'alpine' || variant === 'slim' ? 0.45 : 1) * (1 - rank * 0.03);
      return {
        id: packageId(source),
        name: `${f.title} ${tag}`,
        description: `${f.description} Image ${source}.`,
        version: versionOfTag(tag),
        downloads: downloadsFor(source, f.pullsM, rank),
        category: f.category,
        size: formatSize(sizeMb),
        kind: 'container' as const,
        source,
      };
    }),
  );
}

function expandModels(): Package[] {
  return models.flatMap((f) =>
    f.sizes.flatMap(([size, billions], rank) => {
      const variants: Array<{ tag: string; label: string; gb: number }> = [{ tag: size, label: '', gb: billions * GB_PER_B.q4_K_M }];
      if (f.quantInfix !== undefined) {
        for (const q of Q) {
          const tag = f.quantInfix ? `${size}-${f.quantInfix}-${q}` : `${size}-${q}`;
          variants.push({ tag, label: ` (${q.toUpperCase()})`, gb: billions * GB_PER_B[q] });
        }
      }
      return variants.map((v, i) => {
        const source = `${f.model}:${v.tag}`;
        return {
          id: packageId(source),
          name: `${f.title} ${size.toUpperCase()}${v.label}`,
          description: `${f.description} Ollama model ${source}.`,
          version: f.version ?? DEFAULT_PACKAGE_VERSION,
          downloads: downloadsFor(source, f.pullsM, rank + i * 2),
          category: 'ai' as const,
          size: formatSize(v.gb * 1024),
          kind: 'model' as const,
          source,
        };
      });
    }),
  );
}

/** The whole catalog, most downloaded first within each category order of SPEC §2. */
export const CATALOG: readonly Package[] = [...expandModels(), ...expandImages()].sort((a, b) => b.downloads - a.downloads);

/** The job that installs a package: `deploy_container` for images, `pull_model` for models. */
export function installPayloadFor(pkg: Package): { action: 'deploy_container' | 'pull_model'; payload: Record<string, unknown> } {
  if (pkg.kind === 'model') return { action: 'pull_model', payload: { model: pkg.source } };
  const settings = containerSettings.get(pkg.source);
  return {
    action: 'deploy_container',
    payload: {
      image: pkg.source,
      name: settings?.name ?? containerName(pkg.source.split(':')[0]),
      ...(settings?.ports ? { ports: settings.ports } : {}),
      ...(settings?.env ? { env: settings.env } : {}),
    },
  };
}
