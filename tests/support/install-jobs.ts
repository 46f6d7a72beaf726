// Test processes call domain code directly, as the server does after its instrumentation has run.
import { installJobs } from "@/inngest/install";

installJobs();
