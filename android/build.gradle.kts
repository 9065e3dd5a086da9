import java.util.Properties

plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.android) apply false
    alias(libs.plugins.kotlin.jvm) apply false
    alias(libs.plugins.kotlin.compose) apply false
}

// Where cargo is. Android Studio started from the macOS Dock (or a Linux desktop launcher) runs
// Gradle without the login shell's PATH, so `~/.cargo/bin` is missing and "A problem occurred
// starting process 'command cargo'" follows. Order: the `cargo.dir` line of local.properties, the
// `ply.cargoDir` Gradle property, $CARGO_HOME/bin, ~/.cargo/bin. The Exec tasks that run cargo
// (or scripts that do) put this directory first on their PATH.
val cargoBinDir: String = run {
    val local = Properties().apply {
        rootProject.file("local.properties").takeIf { it.isFile }?.inputStream()?.use { load(it) }
    }
    val candidates = listOfNotNull(
        local.getProperty("cargo.dir"),
        providers.gradleProperty("ply.cargoDir").orNull,
        System.getenv("CARGO_HOME")?.let { "$it/bin" },
        "${System.getProperty("user.home")}/.cargo/bin",
    )
    candidates.firstOrNull { File(it, "cargo").canExecute() || File(it, "cargo.exe").canExecute() }
        ?: candidates.last()
}
extra["cargoBinDir"] = cargoBinDir
extra["pathWithCargo"] = cargoBinDir + File.pathSeparator + (System.getenv("PATH") ?: "")
