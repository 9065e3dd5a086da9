import org.gradle.api.tasks.Exec

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

val repoRoot = rootProject.projectDir.parentFile
val jniLibsOut = layout.buildDirectory.dir("rustJniLibs")

android {
    namespace = "dev.ply.app"
    compileSdk = 36

    defaultConfig {
        applicationId = "dev.ply.app"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += listOf("arm64-v8a", "armeabi-v7a", "x86_64")
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    buildFeatures {
        compose = true
        buildConfig = true
    }
    // The NDK cargo-ndk links with (install it from Android Studio's SDK Manager, see README).
    ndkVersion = "27.0.12077973"
    sourceSets["main"].jniLibs.srcDir(jniLibsOut)
}

kotlin { jvmToolchain(17) }

// The Rust core for every ABI, by cargo-ndk (see android/README.md for the one-time setup).
val ndkDir = androidComponents.sdkComponents.ndkDirectory
val cargoNdk by tasks.registering(Exec::class) {
    description = "Builds libply_ffi.so for arm64-v8a, armeabi-v7a and x86_64 with cargo-ndk."
    workingDir = repoRoot
    // Rebuild when the Rust sources or the lock file change (cargo itself is incremental).
    inputs.dir(File(repoRoot, "core/src"))
    inputs.dir(File(repoRoot, "bindings/src"))
    inputs.files(File(repoRoot, "Cargo.lock"), File(repoRoot, "core/Cargo.toml"), File(repoRoot, "bindings/Cargo.toml"))
    outputs.dir(jniLibsOut)
    // cargo-ndk finds the NDK through ANDROID_NDK_HOME; default it to the one this build uses
    // (`ndkVersion` above), read when the task runs.
    doFirst {
        if (System.getenv("ANDROID_NDK_HOME") == null) {
            environment("ANDROID_NDK_HOME", ndkDir.get().asFile.absolutePath)
        }
    }
    commandLine(
        "cargo", "ndk",
        "-t", "arm64-v8a", "-t", "armeabi-v7a", "-t", "x86_64",
        "--platform", "26",
        "-o", jniLibsOut.get().asFile.absolutePath,
        "build", "--release", "-p", "ply-ffi",
    )
}
tasks.named("preBuild") { dependsOn(cargoNdk) }

dependencies {
    implementation(project(":shell"))
    // JNA's Android AAR carries libjnidispatch.so for every ABI (the plain jar has none).
    implementation(libs.jna) { artifact { type = "aar" } }
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.lifecycle.runtime.ktx)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    implementation(libs.androidx.lifecycle.viewmodel.savedstate)
    implementation(libs.androidx.activity.compose)
    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.ui.graphics)
    implementation(libs.androidx.compose.ui.tooling.preview)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.navigation.compose)
    implementation(libs.androidx.work.runtime.ktx)
    implementation(libs.kotlinx.coroutines.android)
    debugImplementation(libs.androidx.compose.ui.tooling)
}
