import java.nio.file.Path;
import java.time.Duration;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;

/**
 * Runs Neo4j Community with only the Bolt connector, for development and CI on machines without Docker.
 * Usage: java -cp 'lib/*:classes' NeoServer <homeDir> [port]
 * Auth is off: it binds to 127.0.0.1 only.
 */
public final class NeoServer {
  public static void main(String[] args) throws Exception {
    Path home = Path.of(args.length > 0 ? args[0] : "neo4j-home");
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 7687;
    DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
        .setConfig(BoltConnector.enabled, true)
        .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
        .setConfig(GraphDatabaseSettings.auth_enabled, false)
        .setConfig(GraphDatabaseSettings.pagecache_memory, 256L * 1024 * 1024)
        .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofSeconds(60))
        .build();
    Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown));
    System.out.println("NEO4J READY bolt://127.0.0.1:" + port);
    Thread.currentThread().join();
  }
}
