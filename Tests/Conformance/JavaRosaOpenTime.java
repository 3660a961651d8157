import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.javarosa.core.model.FormDef;
import org.javarosa.core.model.instance.InstanceInitializationFactory;
import org.javarosa.core.services.storage.StorageManager;
import org.javarosa.core.services.storage.util.DummyIndexedStorageUtility;
import org.javarosa.form.api.FormEntryController;
import org.javarosa.form.api.FormEntryModel;
import org.javarosa.model.xform.XFormsModule;
import org.javarosa.xform.parse.XFormParser;

/**
 * JavaRosa's warm open of an XForm, the figure Formwork's odk-open benchmark is judged against: the form's bytes
 * parsed (XFormParser) and initialised (FormEntryModel, FormEntryController, FormDef.initialize) as ODK Collect and
 * the oracle do, in a JVM warmed by WARM opens first; prints the median of RUNS. For `make bench-javarosa` only.
 *
 * Usage: java JavaRosaOpenTime FORM.xml [WARM] [RUNS]
 */
public class JavaRosaOpenTime {
    public static void main(String[] args) throws Exception {
        StorageManager.setStorageFactory((name, type) -> new DummyIndexedStorageUtility<>());
        new XFormsModule().registerModule();
        File form = new File(args[0]);
        int warm = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 31;
        byte[] bytes = Files.readAllBytes(form.toPath());
        double[] times = new double[runs];
        for (int i = 0; i < warm + runs; i++) {
            long start = System.nanoTime();
            try (Reader reader = new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8)) {
                FormDef def = new XFormParser(reader).parse(form.getPath(), null);
                new FormEntryController(new FormEntryModel(def));
                def.initialize(true, new InstanceInitializationFactory());
            }
            if (i >= warm) times[i - warm] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(times);
        System.out.printf("JavaRosa opens %s in %.1f ms (median of %d after %d warm-up opens; %.1f-%.1f ms)%n",
            form.getName(), times[runs / 2], runs, warm, times[0], times[runs - 1]);
    }
}
